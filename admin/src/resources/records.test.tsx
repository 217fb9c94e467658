import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { list, one, stubFetch } from '../test/fetchStub';
import {
  article,
  auditEntry,
  customer,
  message,
  partner,
  quote,
  review,
  service,
  session,
  vendorDetail,
} from '../test/fixtures';
import { renderConsole } from '../test/renderConsole';

// Every other resource's list and show, with records typed by the generated API schema.

afterEach(() => {
  cleanup();
  window.location.hash = '';
});

describe('quotes', () => {
  it('lists quotes of every service type', async () => {
    stubFetch({
      'GET /api/v1/admin/quotes': list([
        quote(),
        quote({ id: 'q-2', serviceType: 'same_day', route: 'EC1A 1BB → N1 7GR', from: null, to: null }),
      ]),
    });
    renderConsole('/quotes');
    expect(await screen.findByText('GB → FR')).toBeTruthy();
    expect(await screen.findByText('EC1A 1BB → N1 7GR')).toBeTruthy();
  });

  it('shows one quote, naming its customer and partner as links to their records, not their ids', async () => {
    // Issue 51, item 7f.
    stubFetch({
      'GET /api/v1/admin/quotes/q-1': one(quote({ userId: 'u-customer' })),
      'GET /api/v1/admin/users': list([customer()]),
      'GET /api/v1/admin/partners': list([partner()]),
    });
    renderConsole('/quotes/q-1/show');
    expect(await screen.findByText('GB → FR')).toBeTruthy();
    const customerLink = (await screen.findByText('customer@consign.example')).closest('a');
    expect(customerLink?.getAttribute('href')).toContain('/users/u-customer/show');
    const partnerLink = (await screen.findByText('Parcel Shop')).closest('a');
    expect(partnerLink?.getAttribute('href')).toContain('/partners/p-1/show');
    expect(screen.queryByText('p-1')).toBeNull();
    expect(screen.queryByText('u-customer')).toBeNull();
    expect(screen.queryByText(/Partner ID|Customer ID/)).toBeNull();
  });
});

describe('articles', () => {
  it('lists and shows an article', async () => {
    stubFetch({ 'GET /api/v1/admin/articles': list([article()]) });
    renderConsole('/articles');
    expect(await screen.findByText('Cheap parcel delivery')).toBeTruthy();
  });

  it.each([
    ['create', '/articles/create'],
    ['edit', '/articles/cheap-parcel-delivery'],
  ])('labels the %s form’s Preview button and HTML help in words, not message keys', async (_, path) => {
    // Issue 51, item 7a: these once showed "consign.articles.preview" and "consign.articles.html_help".
    stubFetch({ 'GET /api/v1/admin/articles/cheap-parcel-delivery': one(article()) });
    renderConsole(path);
    expect(await screen.findByRole('button', { name: 'Preview' })).toBeTruthy();
    expect(
      screen.getByText(
        /^The article as HTML: headings, paragraphs, lists, emphasis, links and images \(https\)\./,
      ),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/consign\.articles\./);
  });
});

describe('audit log', () => {
  it('lists entries with who, what and why, and shows one', async () => {
    stubFetch({
      'GET /api/v1/admin/audit-log': list([
        auditEntry(),
        auditEntry({ id: 'a-2', before: null, after: null }),
      ]),
      'GET /api/v1/admin/audit-log/a-1': one(auditEntry()),
    });
    renderConsole('/audit-log');
    expect((await screen.findAllByText('Documents checked')).length).toBe(2);
    cleanup();
    renderConsole('/audit-log/a-1/show');
    expect(await screen.findByText('Vendor: activate')).toBeTruthy();
    expect(screen.queryByText('vendor.activate')).toBeNull();
    expect(await screen.findByText('admin@consign.example')).toBeTruthy();
  });
});

describe('contact messages', () => {
  it('lists open and handled messages and offers Mark handled only on an open one', async () => {
    stubFetch({
      'GET /api/v1/admin/contact-messages': list([
        message(),
        message({ id: 'm-2', name: 'Harper Handled', handledAt: '2026-03-06T10:00:00.000Z' }),
      ]),
      'GET /api/v1/admin/contact-messages/m-1': one(message()),
      'GET /api/v1/admin/contact-messages/m-2': one(
        message({ id: 'm-2', handledAt: '2026-03-06T10:00:00.000Z' }),
      ),
    });
    renderConsole('/contact-messages');
    expect(await screen.findByText('Harper Handled')).toBeTruthy();
    cleanup();
    renderConsole('/contact-messages/m-1/show');
    expect(await screen.findByText('casey@example.com')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Mark handled' })).toBeTruthy();
    cleanup();
    renderConsole('/contact-messages/m-2/show');
    expect(await screen.findByText('casey@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark handled' })).toBeNull();
  });
});

describe('partners', () => {
  it('lists partners and shows one with several origins and its revenue', async () => {
    stubFetch({
      'GET /api/v1/admin/partners': list([
        partner(),
        partner({ id: 'p-2', name: 'Test Shop', mode: 'test' }),
      ]),
      'GET /api/v1/admin/partners/p-1': one(partner()),
    });
    renderConsole('/partners');
    expect(await screen.findByText('Test Shop')).toBeTruthy();
    cleanup();
    renderConsole('/partners/p-1/show');
    expect(await screen.findByText('https://shop.example, https://www.shop.example')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Rotate key' })).toBeTruthy();
  });
});

describe('user sessions', () => {
  it("lists the user's sessions and offers End session only on a live one, asking for a reason", async () => {
    stubFetch({
      'GET /api/v1/admin/users/u-customer': one(customer()),
      'GET /api/v1/admin/orders': list([]),
      'GET /api/v1/admin/jobs': list([]),
      'GET /api/v1/admin/user-sessions': list([
        session(),
        session({ id: 's-2', active: false, revokedAt: '2026-03-06T11:00:00.000Z' }),
      ]),
    });
    renderConsole('/users/u-customer/show');
    expect(await screen.findByText('Active')).toBeTruthy();
    expect(await screen.findByText(/^Revoked /)).toBeTruthy();
    const end = await screen.findAllByRole('button', { name: 'End session' });
    expect(end).toHaveLength(1);
    fireEvent.click(end[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('End this session of customer@consign.example?')).toBeTruthy();
    expect(within(dialog).getByLabelText(/reason/i)).toBeTruthy();
  });
});

describe('vendor onboarding review', () => {
  it('reads like a document: money in pounds and pence, the business type, documents and the VAT number in words', async () => {
    stubFetch({
      'GET /api/v1/admin/vendors/v-2': one(
        vendorDetail({
          id: 'v-2',
          status: 'pending',
          vatNumber: null,
          onboarding: {
            status: 'submitted',
            submittedAt: '2026-03-01T12:00:00.000Z',
            answers: {
              company: {
                companyName: 'Swift Couriers',
                companyType: 'limited-company',
                vatNumber: 'GB123456789',
              },
              services: { coverageRadiusKm: 40, deliveryTypes: ['Same Day', 'Next Day'] },
              pricing: { rateCards: [{ serviceType: 'Same Day', basePrice: 1250, perKmPrice: 85 }] },
              compliance: {
                insurance: { hasInsurance: true, provider: 'Hiscox', coverageAmount: 1000000 },
                documentsReady: ['businessLicense', 'insuranceCertificate'],
              },
            },
          },
        }),
      ),
    });
    renderConsole('/vendors/v-2/show');
    expect(await screen.findByText('Limited company')).toBeTruthy();
    const vat = screen.getAllByText('VAT number').find((el) => el.tagName === 'DT');
    expect(vat?.nextElementSibling?.textContent).toBe('GB123456789');
    expect(screen.getByText('£12.50')).toBeTruthy();
    expect(screen.getByText('£0.85')).toBeTruthy();
    expect(screen.getByText('£10,000.00')).toBeTruthy();
    expect(screen.getByText('40 km')).toBeTruthy();
    expect(screen.getByText('Business license, Insurance certificate')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    const dialog = await screen.findByRole('dialog');
    // Submitted and with a postcode: nothing to warn about.
    expect(within(dialog).queryAllByRole('note')).toEqual([]);
  });

  it('shows the prices of the services its onboarding made, and warns when none of them is active', async () => {
    stubFetch({
      'GET /api/v1/admin/vendors/v-4': one(
        vendorDetail({
          id: 'v-4',
          status: 'pending',
          onboarding: { status: 'submitted', submittedAt: '2026-03-01T12:00:00.000Z', answers: {} },
          services: [
            service({
              id: 'cs-9',
              name: 'Swift Next Day',
              status: 'inactive',
              weightTiers: [
                { maxKg: 2, price: 450 },
                { maxKg: 10, price: 890 },
              ],
            }),
          ],
        }),
      ),
    });
    renderConsole('/vendors/v-4/show');
    const item = (await screen.findByText('Swift Next Day')).closest('li');
    expect(item?.textContent).toBe(
      'Swift Next Day — Domestic, England → Scotland (Inactive): up to 2 kg £4.50, up to 10 kg £8.90',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog)
        .getAllByRole('note')
        .map((n) => n.textContent),
    ).toEqual(['It has no active courier service: none of its prices would be quoted.']);
  });

  it('warns before activating a vendor that has not submitted its onboarding or has no postcode', async () => {
    stubFetch({
      'GET /api/v1/admin/vendors/v-3': one(
        vendorDetail({ id: 'v-3', status: 'pending', postalCode: null, onboarding: null }),
      ),
    });
    renderConsole('/vendors/v-3/show');
    fireEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog)
        .getAllByRole('note')
        .map((n) => n.textContent),
    ).toEqual([
      'It has not submitted its onboarding: its business details, insurance and documents have not been sent for review.',
      'It has no postcode: its business address is incomplete.',
    ]);
  });
});

describe('reviews', () => {
  it('lists who wrote each review and whether its comment is on the profile, under distinct headings', async () => {
    stubFetch({
      'GET /api/v1/admin/reviews': list([review(), review({ id: 'r-2', hidden: true, authorEmail: null })]),
    });
    renderConsole('/reviews');
    expect(await screen.findByText('casey@example.com')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).toContain('Comment');
    expect(headers).toContain('On the profile');
    expect(headers.filter((h) => h === 'Comment')).toHaveLength(1);
  });

  it('offers Hide on a shown comment and Show on a hidden one', async () => {
    stubFetch({
      'GET /api/v1/admin/reviews/r-1': one(review()),
      'GET /api/v1/admin/reviews/r-2': one(
        review({ id: 'r-2', hidden: true, hiddenAt: '2026-03-06T10:00:00.000Z', hiddenReason: 'Abuse' }),
      ),
      'GET /api/v1/admin/users': list([customer()]),
      'GET /api/v1/admin/orders': list([]),
    });
    renderConsole('/reviews/r-1/show');
    expect(await screen.findByRole('button', { name: 'Hide comment' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show comment' })).toBeNull();
    cleanup();
    renderConsole('/reviews/r-2/show');
    const show = await screen.findByRole('button', { name: 'Show comment' });
    expect(screen.queryByRole('button', { name: 'Hide comment' })).toBeNull();
    fireEvent.click(show);
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Show the comment of Casey C.’s review of Swift Couriers again?'),
    ).toBeTruthy();
  });
});
