import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inspectPdf } from '../../../testing/pdf-inspect';
import { SmtpMailer } from '../../providers/mail/smtp';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { startSmtpServer } from '../../test/smtp-server';
import { signUpAdmin } from '../admin/admin.fixtures';
import {
  dropOffCourier,
  importPlaces,
  publishPoint,
  weekHours,
} from '../dropoff-points/dropoff-points.testing';
import { bookingBody, quoteOptionFor } from './orders.testing';

let t: TestApp;
// Monday 1 June 2026, 11:00 in London; parcels are dropped off on Tuesday 2 June.
const TODAY = '2026-06-01';
const TUESDAY = '2026-06-02';

async function setUp() {
  t = await createTestApp();
  t.deps.now = () => new Date(`${TODAY}T10:00:00Z`);
  await importPlaces(t);
}
afterEach(() => t.close());

const errorsOf = (body: { errors?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.message]));

let customers = 0;
async function customer() {
  customers += 1;
  const email = `customer${customers}@example.com`;
  const session = await signUpVerified(t, email);
  return { email, auth: t.bearer(session.accessToken) };
}

const PARCEL = { length: 30, width: 20, height: 10, weight: 2 };
const quoteFor = (serviceId: string, auth: Record<string, string>, weight = 2) =>
  quoteOptionFor(
    t,
    serviceId,
    { serviceType: 'domestic', from: 'England', to: 'Scotland', parcels: [{ ...PARCEL, weight }] },
    auth.Authorization?.slice(7),
  );

async function pay(id: string, auth: Record<string, string>) {
  const start = await t.post(`/api/v1/orders/${id}/payment`, undefined, auth);
  await t.call('POST', new URL(start.body.approveUrl).pathname);
  const captured = await t.post(`/api/v1/orders/${id}/payment/capture`, undefined, auth);
  expect(captured.status).toBe(200);
  return captured.body;
}

/** A courier with a drop-off service and two points near SW1A 1AA; a customer with a quote. */
async function network(options: Parameters<typeof dropOffCourier>[1] = {}) {
  const courier = await dropOffCourier(t, options);
  const kiosk = await publishPoint(t, courier.auth, [courier.service.id], {
    code: 'KIOSK',
    name: 'Palace Kiosk',
    address: { line1: '2 The Mall', town: 'London', postcode: 'SW1A 2AA' },
    maxWeightKg: 5,
  });
  const lockers = await publishPoint(t, courier.auth, [courier.service.id], {
    code: 'LOCKERS',
    name: 'Waterloo Lockers',
    address: { line1: '3 York Road', town: 'London', postcode: 'SE1 7PB' },
    maxWeightKg: 30,
  });
  const buyer = await customer();
  return { courier, kiosk, lockers, buyer };
}

async function bookPaid(n: Awaited<ReturnType<typeof network>>, pointId: string) {
  const { option } = await quoteFor(n.courier.service.id, n.buyer.auth);
  const created = await t.post(
    '/api/v1/orders',
    bookingBody(option.id, TUESDAY, { dropOffPointId: pointId }),
    n.buyer.auth,
  );
  expect(created.status).toBe(201);
  return pay(created.body.id, n.buyer.auth);
}

async function mailTo(email: string, subject: RegExp) {
  const res = await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`);
  return (res.body.items as { subject: string; text: string; html: string }[]).find((m) =>
    subject.test(m.subject),
  );
}

const download = async (path: string, headers: Record<string, string>) => {
  const res = await t.app.request(path, { headers });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
};

describe('booking a drop-off service', () => {
  beforeEach(() => setUp());

  it('carries the chosen point; the order names it with its address and hours on the date', async () => {
    const n = await network();
    const { option } = await quoteFor(n.courier.service.id, n.buyer.auth);
    expect(option).toMatchObject({ handover: 'drop_off', labelMode: 'printed' });
    const paid = await bookPaid(n, n.lockers.id);
    expect(paid).toMatchObject({ dropOffPointId: n.lockers.id, printerless: false });
    const detail = (await t.get(`/api/v1/orders/${paid.id}`, n.buyer.auth)).body;
    expect(detail.dropOffPoint).toEqual({
      id: n.lockers.id,
      name: 'Waterloo Lockers',
      address: { line1: '3 York Road', line2: null, town: 'London', postcode: 'SE1 7PB' },
      openingHours: { ...weekHours(), sunday: [] },
      hoursOnDate: {
        date: TUESDAY,
        weekday: 'tuesday',
        open: true,
        openings: [{ opens: '09:00', closes: '17:30' }],
        closedReason: null,
      },
      status: 'active',
      problem: null,
    });
    expect(detail.dropOffCode).toBeNull();
    // The confirmation email names the point, its address and its hours that day.
    const mail = await mailTo(n.buyer.email, /Booking confirmed/);
    expect(mail?.text).toContain('Drop-off point: Waterloo Lockers');
    expect(mail?.text).toContain('Address: 3 York Road, London, SE1 7PB');
    expect(mail?.text).toContain('Open Tue, 2 Jun 2026: 09:00–17:30');
    expect(mail?.text).toContain('before you take it to Waterloo Lockers on Tue, 2 Jun 2026');
    // The public tracking page names it too (a shop's address, never the sender's).
    const tracking = await t.get(`/api/v1/tracking/${detail.trackingCode}`);
    expect(tracking.body.dropOffPoint).toMatchObject({
      name: 'Waterloo Lockers',
      address: { postcode: 'SE1 7PB' },
    });
  });

  it('refuses a missing, unknown, unlinked, closed, suspended or too-small point, naming dropOffPointId', async () => {
    const n = await network();
    const other = await dropOffCourier(t);
    const foreign = await publishPoint(t, other.auth, [other.service.id], { code: 'F' });
    const book = async (overrides: Record<string, unknown>, weight = 2, date = TUESDAY) => {
      const { option } = await quoteFor(n.courier.service.id, n.buyer.auth, weight);
      const res = await t.post('/api/v1/orders', bookingBody(option.id, date, overrides), n.buyer.auth);
      expect(res.status).toBe(422);
      return errorsOf(res.body).dropOffPointId;
    };
    const service = n.courier.service.name;
    expect(await book({})).toBe(`Choose a drop-off point: ${service} takes parcels at drop-off points only`);
    expect(await book({ dropOffPointId: 'no-such-point' })).toBe(
      'This drop-off point does not exist; choose one from the list',
    );
    expect(await book({ dropOffPointId: foreign.id })).toBe(
      `Corner Shop does not take parcels for ${service}; choose another drop-off point`,
    );
    // Sunday 7 June: the lockers' week has no Sunday hours.
    expect(await book({ dropOffPointId: n.lockers.id }, 2, '2026-06-07')).toBe(
      'Waterloo Lockers is closed on Sun, 7 Jun 2026; choose another drop-off point',
    );
    await t.patch(
      `/api/v1/vendor/dropoff-points/${n.lockers.id}`,
      { closedDates: [{ date: TUESDAY, reason: 'Staff training' }] },
      n.courier.auth,
    );
    expect(await book({ dropOffPointId: n.lockers.id })).toBe(
      'Waterloo Lockers is closed on Tue, 2 Jun 2026 (Staff training); choose another drop-off point',
    );
    expect(await book({ dropOffPointId: n.kiosk.id }, 8)).toBe(
      'Palace Kiosk takes parcels up to 5 kg; the heaviest parcel is 8 kg',
    );
    const admin = await signUpAdmin(t);
    await t.post(
      `/api/v1/admin/dropoff-points/${n.kiosk.id}/suspend`,
      { reason: 'Complaints' },
      t.bearer(admin.accessToken),
    );
    expect(await book({ dropOffPointId: n.kiosk.id })).toBe(
      'Palace Kiosk is not taking parcels at the moment; choose another drop-off point',
    );
    // A collected service takes no point.
    const door = await dropOffCourier(t, { handover: 'collection' });
    const { option } = await quoteFor(door.service.id, n.buyer.auth);
    const res = await t.post(
      '/api/v1/orders',
      bookingBody(option.id, TUESDAY, { dropOffPointId: n.lockers.id }),
      n.buyer.auth,
    );
    expect(errorsOf(res.body)).toEqual({
      dropOffPointId: `${door.service.name} collects from the door; leave the drop-off point out`,
    });
  });

  it('books a collection-or-drop-off service either way', async () => {
    const n = await network({ handover: 'both' });
    const { option } = await quoteFor(n.courier.service.id, n.buyer.auth);
    const collected = await t.post('/api/v1/orders', bookingBody(option.id, TUESDAY), n.buyer.auth);
    expect(collected.status).toBe(201);
    expect(collected.body.dropOffPointId).toBeNull();
    const dropped = await t.post(
      '/api/v1/orders',
      bookingBody(option.id, TUESDAY, { dropOffPointId: n.kiosk.id }),
      n.buyer.auth,
    );
    expect(dropped.body.dropOffPointId).toBe(n.kiosk.id);
  });
});

describe('the point checked again before the label', () => {
  beforeEach(() => setUp());

  it('refuses the label once the point closes that day, emails the customer a link, and prints the new point once chosen', async () => {
    const n = await network();
    const paid = await bookPaid(n, n.lockers.id);
    const label = `/api/v1/orders/${paid.id}/label.pdf`;
    const first = await download(label, n.buyer.auth);
    expect(first.res.status).toBe(200);
    const before = (await inspectPdf(first.bytes)).pages[0]!.text;
    expect(before).toContain('DROP OFF AT');
    expect(before).toContain('Waterloo Lockers');
    expect(before).toContain('3 York Road');
    expect(before).toContain('Tue, 2 Jun 2026: 09:00');

    // The courier closes the lockers on the drop-off day.
    const closed = await t.patch(
      `/api/v1/vendor/dropoff-points/${n.lockers.id}`,
      { closedDates: [{ date: TUESDAY, reason: 'Flooded' }] },
      n.courier.auth,
    );
    expect(closed.status).toBe(200);
    const refused = await t.get(label, n.buyer.auth);
    expect(refused.status).toBe(422);
    expect(errorsOf(refused.body)).toEqual({
      dropOffPointId:
        'Waterloo Lockers is closed on Tue, 2 Jun 2026 (Flooded); choose another drop-off point',
    });
    const detail = (await t.get(`/api/v1/orders/${paid.id}`, n.buyer.auth)).body;
    expect(detail.dropOffPoint.problem).toBe(errorsOf(refused.body).dropOffPointId);

    const mail = await mailTo(n.buyer.email, /Choose another drop-off point/);
    expect(mail?.subject).toBe(`Choose another drop-off point for order ${paid.reference}`);
    expect(mail?.text).toContain('Waterloo Lockers is closed on Tue, 2 Jun 2026 (Flooded)');
    expect(mail?.text).toContain(`http://localhost:3000/orders/${paid.id}/drop-off`);
    // A second change that also turns the order away does not mail again.
    await t.patch(`/api/v1/vendor/dropoff-points/${n.lockers.id}`, { maxWeightKg: 1 }, n.courier.auth);
    const mailbox = await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(n.buyer.email)}`);
    expect(
      mailbox.body.items.filter((m: { subject: string }) => /Choose another/.test(m.subject)),
    ).toHaveLength(1);

    const change = `/api/v1/orders/${paid.id}/drop-off-point`;
    const stillClosed = await t.call('PUT', change, { dropOffPointId: n.lockers.id }, n.buyer.auth);
    expect(stillClosed.status).toBe(422);
    expect(Object.keys(errorsOf(stillClosed.body))).toEqual(['dropOffPointId']);
    const stranger = await customer();
    expect((await t.call('PUT', change, { dropOffPointId: n.kiosk.id }, stranger.auth)).status).toBe(404);
    const moved = await t.call('PUT', change, { dropOffPointId: n.kiosk.id }, n.buyer.auth);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      dropOffPointId: n.kiosk.id,
      dropOffPoint: { name: 'Palace Kiosk', problem: null },
    });
    expect(moved.body.events.at(-1).note).toBe('Drop-off point changed to Palace Kiosk');

    const after = await download(label, n.buyer.auth);
    expect(after.res.status).toBe(200);
    const text = (await inspectPdf(after.bytes)).pages[0]!.text;
    expect(text).toContain('Palace Kiosk');
    expect(text).not.toContain('Waterloo Lockers');
  });

  it('tells the customers of a suspended or closed point, and leaves parcels already on their way alone', async () => {
    const n = await network();
    const waiting = await bookPaid(n, n.kiosk.id);
    const moving = await bookPaid(n, n.kiosk.id);
    // The courier confirms one parcel and takes it on its way.
    for (const status of ['confirmed', 'in_transit']) {
      expect((await t.patch(`/api/v1/vendor/orders/${moving.id}`, { status }, n.courier.auth)).status).toBe(
        200,
      );
    }
    const admin = await signUpAdmin(t);
    const suspended = await t.post(
      `/api/v1/admin/dropoff-points/${n.kiosk.id}/suspend`,
      { reason: 'Parcels left outside' },
      t.bearer(admin.accessToken),
    );
    expect(suspended.body).toMatchObject({ status: 'suspended', suspendedReason: 'Parcels left outside' });
    const mailbox = (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(n.buyer.email)}`)).body
      .items as {
      subject: string;
      text: string;
    }[];
    const notices = mailbox.filter((m) => /Choose another drop-off point/.test(m.subject));
    expect(notices.map((m) => m.subject)).toEqual([
      `Choose another drop-off point for order ${waiting.reference}`,
    ]);
    expect(notices[0]?.text).toContain('Palace Kiosk is not taking parcels at the moment');
    // The parcel in transit keeps its label: the point no longer matters to it.
    expect((await t.get(`/api/v1/orders/${moving.id}/label.pdf`, n.buyer.auth)).status).toBe(200);
    expect((await t.get(`/api/v1/orders/${waiting.id}/label.pdf`, n.buyer.auth)).status).toBe(422);

    // Closing a point by its courier tells its customers the same way.
    const third = await bookPaid(n, n.lockers.id);
    expect((await t.del(`/api/v1/vendor/dropoff-points/${n.lockers.id}`, n.courier.auth)).status).toBe(204);
    const after = (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(n.buyer.email)}`)).body.items as {
      subject: string;
      text: string;
    }[];
    const closedNotice = after.find((m) => m.subject.endsWith(third.reference as string));
    expect(closedNotice?.text).toContain('Waterloo Lockers has closed; choose another drop-off point');
    // The order still shows the closed point's name and address.
    const detail = (await t.get(`/api/v1/orders/${third.id}`, n.buyer.auth)).body;
    expect(detail.dropOffPoint).toMatchObject({
      name: 'Waterloo Lockers',
      status: 'closed',
      problem: 'Waterloo Lockers has closed; choose another drop-off point',
    });
  });
});

/** Decodes the QR code in a PNG. */
function readQr(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

describe('printerless services', () => {
  it('give the order a QR code of its tracking number, in the confirmation page and the email', async () => {
    await setUp();
    const n = await network({ labelMode: 'printerless' });
    const paid = await bookPaid(n, n.lockers.id);
    expect(paid.printerless).toBe(true);
    const detail = (await t.get(`/api/v1/orders/${paid.id}`, n.buyer.auth)).body;
    expect(detail.dropOffCode.text).toBe(paid.trackingNumber);
    expect(detail.dropOffCode.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const mail = await mailTo(n.buyer.email, /Booking confirmed/);
    expect(mail?.text).toContain(
      `No printer needed: show this QR code (${paid.trackingNumber}) at Waterloo Lockers`,
    );
    // The dev mailbox draws the inline image from a data URL.
    const src = /<img src="data:image\/png;base64,([^"]+)"/.exec(mail?.html ?? '')?.[1];
    expect(readQr(Buffer.from(src ?? '', 'base64'))).toBe(paid.trackingNumber);
  });

  it('send the QR code through SMTP as an inline image the HTML refers to', async () => {
    const server = await startSmtpServer();
    let smtp: SmtpMailer | undefined;
    try {
      await setUp();
      const n = await network({ labelMode: 'printerless' });
      // Accounts are verified through the dev mailbox; from here on mail goes out over SMTP.
      smtp = new SmtpMailer(server.url, 'noreply@consign.example', t.deps.logger, (v) => v);
      t.deps.mailer = smtp;
      const paid = await bookPaid(n, n.kiosk.id);
      const raw = server.received.find((m) =>
        m.raw.includes(`Booking confirmed: order ${paid.reference}`),
      )?.raw;
      expect(raw).toBeDefined();
      expect(raw).toMatch(/Content-Type: image\/png; name=drop-off-code\.png/);
      expect(raw).toMatch(/Content-ID: <dropoff-code>/);
      expect(raw).toContain('cid:dropoff-code');
      const base64 =
        /Content-ID: <dropoff-code>\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n--/.exec(
          raw ?? '',
        )?.[1];
      expect(readQr(Buffer.from((base64 ?? '').replace(/\s+/g, ''), 'base64'))).toBe(paid.trackingNumber);
    } finally {
      smtp?.close();
      await server.close();
    }
  });
});
