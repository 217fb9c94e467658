import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { signUpAdmin, signUpVendor } from '../admin/admin.fixtures';
import { getVendorReviewData } from './vendors.service';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const ONBOARDING = '/api/v1/vendors/me/onboarding';
const SUBMIT = '/api/v1/vendors/me/onboarding/submit';
const DOCUMENTS = '/api/v1/vendors/me/documents';

const hours = (from: string, to: string, open = true) => ({ open, from, to });

/** Answers that pass every step's gate. */
const complete = {
  company: {
    companyName: 'Swift Couriers Ltd',
    companyType: 'limited-company',
    registrationNumber: '01234567',
    vatNumber: 'GB123456789',
    yearsInBusiness: 4,
  },
  contact: {
    contactPerson: 'Sam Swift',
    email: 'ops@swift.example.com',
    phone: '020 7946 0000',
    website: 'https://swift.example.com',
    address: '12 Wharf Road',
    city: 'London',
    postalCode: 'N1 7GR',
    country: 'United Kingdom',
  },
  services: {
    serviceAreas: ['London', 'Kent'],
    coverageRadiusKm: 80,
    deliveryTypes: ['Same Day', 'Next Day'],
    vehicles: [{ type: 'Van', capacity: '1000 kg', count: 3 }],
  },
  compliance: {
    businessHours: {
      monday: hours('09:00', '17:00'),
      tuesday: hours('09:00', '17:00'),
      wednesday: hours('09:00', '17:00'),
      thursday: hours('09:00', '17:00'),
      friday: hours('09:00', '17:00'),
      saturday: hours('10:00', '15:00'),
      sunday: hours('09:00', '17:00', false),
    },
    insurance: { hasInsurance: true, provider: 'Aviva', policyNumber: 'POL-1', coverageAmount: 1_000_000 },
    documentsReady: ['businessLicense', 'proofOfAddress'],
  },
};

/** Rate cards as the earlier wizard saved them: a draft in flight may still hold them. */
const legacyPricing = {
  rateCards: [
    {
      serviceType: 'Same Day',
      basePrice: 1500,
      perKmPrice: 90,
      perKgPrice: 20,
      minPrice: 1500,
      maxDistanceKm: 80,
    },
  ],
};

/** The courier's first service, as the wizard's pricing step creates it (the services form's body). */
const firstService = {
  name: 'Swift Next Day',
  serviceType: 'domestic',
  fromLocation: 'England',
  toLocation: 'Any',
  weightTiers: [
    { maxKg: 2, price: 450 },
    { maxKg: 10, price: 890 },
  ],
};

async function addService(auth: Record<string, string>, body: Record<string, unknown> = firstService) {
  const res = await t.post('/api/v1/couriers', body, auth);
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string };
}

describe('GET|PUT /vendors/me/onboarding', () => {
  it('starts empty, then saves the draft so that a later visit resumes it', async () => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const empty = await t.get(ONBOARDING, auth);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      status: 'not_started',
      step: 1,
      answers: {},
      submittedAt: null,
      updatedAt: null,
    });

    const draft = { company: { companyName: 'Swift', companyType: '' }, contact: { country: 'Scotland' } };
    const saved = await t.call('PUT', ONBOARDING, { step: 2, answers: draft }, auth);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: 'draft', step: 2, answers: draft, submittedAt: null });

    const again = await t.get(ONBOARDING, auth);
    expect(again.body).toEqual(saved.body);

    // Each save replaces the whole draft.
    const next = await t.call(
      'PUT',
      ONBOARDING,
      { step: 3, answers: { company: { companyName: 'Swifter' } } },
      auth,
    );
    expect(next.body.answers).toEqual({ company: { companyName: 'Swifter' } });
  });

  it('keeps each vendor to its own draft', async () => {
    const a = await signUpVendor(t, 'a@example.com');
    const b = await signUpVendor(t, 'b@example.com');
    await t.call('PUT', ONBOARDING, { step: 2, answers: { company: { companyName: 'A' } } }, a.auth);
    expect((await t.get(ONBOARDING, b.auth)).body.status).toBe('not_started');
  });

  it.each([
    ['an unknown step section', { step: 1, answers: { extra: {} } }, 'answers'],
    ['an unknown field in a step', { step: 1, answers: { company: { turnover: 5 } } }, 'answers.company'],
    [
      'a company type outside the list',
      { step: 1, answers: { company: { companyType: 'llc' } } },
      'answers.company.companyType',
    ],
    [
      'a vehicle with count 0',
      { step: 3, answers: { services: { vehicles: [{ type: 'Van', capacity: '1t', count: 0 }] } } },
      'answers.services.vehicles.0.count',
    ],
    [
      'a price in pounds with pence',
      { step: 4, answers: { pricing: { rateCards: [{ serviceType: 'Express', basePrice: 12.5 }] } } },
      'answers.pricing.rateCards.0.basePrice',
    ],
    [
      'a time that is not HH:MM',
      {
        step: 5,
        answers: {
          compliance: {
            businessHours: { ...complete.compliance.businessHours, monday: hours('09:00', '25:99') },
          },
        },
      },
      'answers.compliance.businessHours.monday.to',
    ],
    ['a step of 6', { step: 6, answers: {} }, 'step'],
    ['a missing step', { answers: {} }, 'step'],
  ])('answers 422 for %s, naming the field', async (_label, body, path) => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const res = await t.call('PUT', ONBOARDING, body, auth);
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('saves hours as they are being typed, and checks their order on submit', async () => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const typing = {
      ...complete.compliance.businessHours,
      monday: hours('17:00', '09:00'),
      tuesday: hours('09:00', ''),
    };
    const answers = { ...complete, compliance: { ...complete.compliance, businessHours: typing } };
    const saved = await t.call('PUT', ONBOARDING, { step: 5, answers }, auth);
    expect(saved.status).toBe(200);
    expect(saved.body.answers.compliance.businessHours.tuesday).toEqual(hours('09:00', ''));
    const refused = await t.post(SUBMIT, {}, auth);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      {
        path: 'answers.compliance.businessHours.monday.to',
        message: 'Closing time must be after opening time',
      },
      { path: 'answers.compliance.businessHours.tuesday.to', message: 'Closing time is required' },
      // No service yet either: every missing requirement is named at once.
      {
        path: 'courierServices',
        message: 'Add at least one courier service: customers are quoted from your services',
      },
    ]);
  });

  it('is for vendors only', async () => {
    const customer = await signUpVerified(t, 'c@example.com');
    const auth = t.bearer(customer.accessToken);
    expect((await t.get(ONBOARDING, auth)).status).toBe(403);
    expect((await t.call('PUT', ONBOARDING, { step: 1, answers: {} }, auth)).status).toBe(403);
    expect((await t.post(SUBMIT, {}, auth)).status).toBe(403);
    expect((await t.get(ONBOARDING)).status).toBe(401);
  });
});

describe('POST /vendors/me/onboarding/submit', () => {
  it('refuses incomplete answers, naming each missing requirement', async () => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const nothing = await t.post(SUBMIT, {}, auth);
    expect(nothing.status).toBe(422);
    expect(nothing.body.errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['answers.company', 'answers.contact', 'answers.services', 'courierServices']),
    );

    const partial = {
      ...complete,
      company: { ...complete.company, companyName: '  ' },
      services: { ...complete.services, deliveryTypes: [] },
      compliance: { insurance: { hasInsurance: true } },
    };
    await t.call('PUT', ONBOARDING, { step: 5, answers: partial }, auth);
    const res = await t.post(SUBMIT, {}, auth);
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'answers.company.companyName',
      'answers.compliance.insurance.policyNumber',
      'answers.compliance.insurance.provider',
      'answers.services.deliveryTypes',
      'courierServices',
    ]);
    expect((await t.get(ONBOARDING, auth)).body.status).toBe('draft');
  });

  it('needs an active courier service: the pricing step is the services themselves', async () => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    await t.call('PUT', ONBOARDING, { step: 5, answers: complete }, auth);
    const none = await t.post(SUBMIT, {}, auth);
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual([
      {
        path: 'courierServices',
        message: 'Add at least one courier service: customers are quoted from your services',
      },
    ]);

    // A service kept inactive is not quoted, so it does not price the courier either.
    const service = await addService(auth);
    expect(
      (await t.call('PATCH', `/api/v1/couriers/${service.id}`, { status: 'inactive' }, auth)).status,
    ).toBe(200);
    const inactive = await t.post(SUBMIT, {}, auth);
    expect(inactive.status).toBe(422);
    expect(inactive.body.errors).toEqual([
      {
        path: 'courierServices',
        message: 'Set at least one of your courier services to Active: inactive services are not quoted',
      },
    ]);
    expect((await t.get(ONBOARDING, auth)).body.status).toBe('draft');

    expect((await t.call('PATCH', `/api/v1/couriers/${service.id}`, { status: 'active' }, auth)).status).toBe(
      200,
    );
    expect((await t.post(SUBMIT, {}, auth)).status).toBe(200);
  });

  it('does not count another vendor’s services', async () => {
    const other = await signUpVendor(t, 'other@example.com');
    await addService(other.auth);
    const { auth } = await signUpVendor(t, 'v@example.com');
    await t.call('PUT', ONBOARDING, { step: 5, answers: complete }, auth);
    const res = await t.post(SUBMIT, {}, auth);
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['courierServices']);
  });

  it('submits a draft in flight that still holds rate cards, keeping them for staff to read', async () => {
    const { auth, vendorId } = await signUpVendor(t, 'v@example.com');
    const answers = { ...complete, pricing: legacyPricing };
    await t.call('PUT', ONBOARDING, { step: 4, answers }, auth);
    // The rate cards alone never priced anything: the courier adds a service first.
    expect((await t.post(SUBMIT, {}, auth)).body.errors.map((e: { path: string }) => e.path)).toEqual([
      'courierServices',
    ]);
    await addService(auth);
    const res = await t.post(SUBMIT, {}, auth);
    expect(res.status).toBe(200);
    expect(res.body.answers.pricing).toEqual(legacyPricing);
    const review = await getVendorReviewData(t.deps.db, vendorId);
    expect(review.onboarding?.answers).toMatchObject({ pricing: legacyPricing });
  });

  it('a submitted courier, once staff activate it, is quoted from the service it added in onboarding', async () => {
    const { auth, vendorId } = await signUpVendor(t, 'v@example.com');
    await t.call('PUT', ONBOARDING, { step: 5, answers: complete }, auth);
    const service = await addService(auth);
    expect((await t.post(SUBMIT, {}, auth)).status).toBe(200);

    const quote = () =>
      t.post('/api/v1/quotes', {
        serviceType: 'domestic',
        from: 'England',
        to: 'Wales',
        parcels: [{ length: 20, width: 15, height: 10, weight: 1.5 }],
      });
    type Option = { courierService: { id: string }; price: { net: number } };
    const before = await quote();
    expect(before.status).toBe(201);
    // Pending until staff activate the business: its services are not quoted yet.
    expect(before.body.options.map((o: Option) => o.courierService.id)).not.toContain(service.id);

    const admin = await signUpAdmin(t);
    const activated = await t.post(
      `/api/v1/admin/vendors/${vendorId}/activate`,
      { reason: 'Onboarding checked' },
      t.bearer(admin.accessToken),
    );
    expect(activated.status).toBe(200);
    const after = await quote();
    const option = after.body.options.find((o: Option) => o.courierService.id === service.id);
    // 1.5 kg is priced by the 2 kg tier the courier typed in onboarding.
    expect(option).toMatchObject({ courierService: { name: 'Swift Next Day' }, price: { net: 450 } });
  });

  it('submits complete answers for review, tells staff, and then freezes them', async () => {
    const { auth, vendorId } = await signUpVendor(t, 'v@example.com');
    await t.call('PUT', ONBOARDING, { step: 5, answers: complete }, auth);
    await addService(auth);
    const res = await t.post(SUBMIT, {}, auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'submitted', answers: complete });
    expect(Date.parse(res.body.submittedAt)).not.toBeNaN();

    const mail = await t.get('/api/v1/dev/mailbox?to=support%40consign.example');
    const notice = mail.body.items.find((m: { subject: string }) => /onboarding submitted/i.test(m.subject));
    expect(notice?.text).toContain(vendorId);

    expect((await t.call('PUT', ONBOARDING, { step: 1, answers: {} }, auth)).status).toBe(409);
    expect((await t.post(SUBMIT, {}, auth)).status).toBe(409);
    expect((await t.get(ONBOARDING, auth)).body.answers).toEqual(complete);
  });

  it('fills the business details the courier left empty from its answers, keeping what it set', async () => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    expect((await t.call('PATCH', '/api/v1/vendors/me', { city: 'Islington' }, auth)).status).toBe(200);
    await t.call('PUT', ONBOARDING, { step: 5, answers: complete }, auth);
    await addService(auth);
    expect((await t.post(SUBMIT, {}, auth)).status).toBe(200);
    expect((await t.get('/api/v1/vendors/me', auth)).body).toMatchObject({
      shopName: 'Swift Couriers Ltd',
      addressLine1: '12 Wharf Road',
      city: 'Islington',
      postalCode: 'N1 7GR',
      country: 'GB',
      vatNumber: 'GB123456789',
    });
  });

  it('refuses a body with fields', async () => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const res = await t.post(SUBMIT, { answers: complete }, auth);
    expect(res.status).toBe(422);
  });
});

/** An uploaded document or a problem. */
type DocumentAnswer = {
  id: string;
  url: string;
  detail: string;
  contentType: string;
  errors: { path: string }[];
};

/** A minimal real PDF and PNG, recognised by their bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function uploadDocument(
  auth: Record<string, string>,
  bytes: Uint8Array,
  name = 'licence.pdf',
  type = 'application/pdf',
) {
  const form = new FormData();
  form.append('document', new File([bytes], name, { type }));
  const res = await t.app.request(DOCUMENTS, { method: 'POST', body: form, headers: auth });
  return { status: res.status, body: (await res.json()) as DocumentAnswer };
}

describe('business documents', () => {
  it('stores a PDF privately and serves it only to its vendor and to admins', async () => {
    const owner = await signUpVendor(t, 'v@example.com');
    const other = await signUpVendor(t, 'other@example.com');
    const customer = await signUpVerified(t, 'c@example.com');
    const admin = await signUpAdmin(t);

    const res = await uploadDocument(owner.auth, PDF, 'Licence 2026.pdf');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Licence 2026.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
    });
    expect(res.body.url).toBe(`/api/v1/vendor-documents/${res.body.id}`);

    const download = (headers: Record<string, string> = {}) => t.app.request(res.body.url, { headers });
    const mine = await download(owner.auth);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await mine.arrayBuffer())).toEqual(PDF);
    expect((await download(t.bearer(admin.accessToken))).status).toBe(200);
    expect((await download(other.auth)).status).toBe(404);
    expect((await download(t.bearer(customer.accessToken))).status).toBe(404);
    expect((await download()).status).toBe(401);

    // Nothing under the public /uploads/ route leads to it.
    const row = await t.deps.db.query.vendorDocuments.findFirst();
    expect((await t.app.request(`/uploads/${row!.key}`)).status).toBe(404);
    expect((await t.app.request(`/uploads/../documents/${row!.key}`)).status).toBe(404);
  });

  it('lists documents newest first and removes only your own', async () => {
    const owner = await signUpVendor(t, 'v@example.com');
    const other = await signUpVendor(t, 'other@example.com');
    const pdf = await uploadDocument(owner.auth, PDF);
    const png = await uploadDocument(owner.auth, PNG, 'scan.png', 'image/png');
    expect(png.body.contentType).toBe('image/png');
    const list = await t.get(DOCUMENTS, owner.auth);
    expect(list.body.items.map((d: { id: string }) => d.id)).toEqual([png.body.id, pdf.body.id]);
    expect((await t.get(DOCUMENTS, other.auth)).body.items).toEqual([]);

    expect((await t.del(`${DOCUMENTS}/${pdf.body.id}`, other.auth)).status).toBe(404);
    expect((await t.del(`${DOCUMENTS}/${pdf.body.id}`, owner.auth)).status).toBe(204);
    expect((await t.app.request(pdf.body.url, { headers: owner.auth })).status).toBe(404);
    expect((await t.get(DOCUMENTS, owner.auth)).body.items).toHaveLength(1);
  });

  it.each([
    ['a text file named .pdf', Buffer.from('not a pdf at all'), 415],
    ['HTML', Buffer.from('<html><script>alert(1)</script></html>'), 415],
    ['a file over 5 MB', Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]), 413],
  ])('refuses %s', async (_label, bytes, status) => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const res = await uploadDocument(auth, bytes);
    expect(res.status).toBe(status);
    expect(res.body.detail).toBe(
      status === 415 ? 'Please select an image or PDF file' : 'File size should be less than 5MB',
    );
    expect((await t.get(DOCUMENTS, auth)).body.items).toEqual([]);
  });

  it('answers 422 naming document when the field is missing, and 403 for customers', async () => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const form = new FormData();
    form.append('file', new File([PDF], 'a.pdf'));
    const res = await t.app.request(DOCUMENTS, { method: 'POST', body: form, headers: auth });
    expect(res.status).toBe(422);
    expect(((await res.json()) as DocumentAnswer).errors.map((e: { path: string }) => e.path)).toContain(
      'document',
    );
    const customer = await signUpVerified(t, 'c@example.com');
    expect((await uploadDocument(t.bearer(customer.accessToken), PDF)).status).toBe(403);
  });
});

describe('getVendorReviewData', () => {
  it('answers nothing for a vendor that has not started, then its answers and documents', async () => {
    const { auth, vendorId } = await signUpVendor(t, 'v@example.com');
    expect(await getVendorReviewData(t.deps.db, vendorId)).toEqual({ onboarding: null, documents: [] });

    await t.call('PUT', ONBOARDING, { step: 5, answers: complete }, auth);
    const draft = await getVendorReviewData(t.deps.db, vendorId);
    expect(draft.onboarding).toEqual({ status: 'draft', submittedAt: null, answers: complete });

    await addService(auth);
    await t.post(SUBMIT, {}, auth);
    const doc = await uploadDocument(auth, PDF);
    const review = await getVendorReviewData(t.deps.db, vendorId);
    expect(review.onboarding?.status).toBe('submitted');
    expect(review.onboarding?.submittedAt).toEqual(expect.any(String));
    expect(review.documents).toEqual([doc.body]);
    expect(await getVendorReviewData(t.deps.db, 'no-such-vendor')).toEqual({
      onboarding: null,
      documents: [],
    });
  });
});
