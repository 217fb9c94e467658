import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { orderFixture, referenceData } from '../../test/bookingFixtures';
import { customer, problemResponse, sessionFor, stubFetch } from '../../test/fetchStub';
import { findOpened } from '../../test/opened';
import { renderApp } from '../../test/render';
import type { Claim } from '../api/claims';

const signedIn = {
  'POST /api/v1/auth/refresh': { body: sessionFor(customer) },
  'GET /api/v1/users/me': {
    body: { ...customer, name: 'Casey', phone: null, address: null, avatarUrl: null },
  },
  'GET /api/v1/meta': { body: referenceData },
};

const delivered = orderFixture({
  id: 'o-0000-1111aaaa',
  status: 'delivered',
  coverAmount: 0,
  money: { paid: 6000, refunded: 0, net: 6000 },
});

function claimFixture(overrides: Partial<Claim> = {}): Claim {
  return {
    id: 'c-0000-9999cccc',
    reference: '#9999cccc',
    orderId: delivered.id,
    orderReference: delivered.reference,
    kind: 'damage',
    status: 'with_courier',
    description: 'The vase arrived broken',
    photos: ['/uploads/a.png'],
    proofOfValue: [],
    amountClaimed: { amount: 1500, currency: 'GBP' },
    cap: { amount: 2000, currency: 'GBP' },
    amountAgreed: null,
    bearer: null,
    courierNote: null,
    courierEvidence: [],
    respondedAt: null,
    courierDeadline: '2026-11-27T23:59:59.999Z',
    staffNote: null,
    decidedAt: null,
    decidedByStaff: false,
    awaitsStaff: false,
    final: false,
    payment: null,
    paidAt: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

async function openDrawer() {
  renderApp('/dashboard');
  await userEvent.click(
    await screen.findByRole('button', { name: `View details of order ${delivered.reference}` }),
  );
  return findOpened('dialog', `Order ${delivered.reference}`);
}

const listed = { body: { items: [delivered], nextCursor: null, totals: { count: 1, pending: 0, sum: [] } } };

describe('claims in the order drawer', () => {
  it('files a damage claim with photos and proof of value, the amount capped, each error beside its field', async () => {
    const user = userEvent.setup();
    let claims: Claim[] = [];
    let uploaded = 0;
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/orders': listed,
      [`GET /api/v1/orders/${delivered.id}`]: { body: delivered },
      'GET /api/v1/claims': () => ({ body: { items: claims } }),
      'POST /api/v1/uploads': () => {
        uploaded += 1;
        return { status: 201, body: { url: `/uploads/file-${uploaded}.png` } };
      },
      [`POST /api/v1/orders/${delivered.id}/claims`]: () => {
        claims = [claimFixture()];
        return { status: 201, body: claims[0] };
      },
    });
    const drawer = await openDrawer();
    await user.click(await within(drawer).findByRole('button', { name: 'Claim for damage' }));
    const form = within(drawer).getByRole('form', { name: 'File a claim' });
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('What happened')));

    await user.click(within(form).getByRole('button', { name: 'Send claim' }));
    expect(within(form).getByText('Describe what happened in at least 10 characters')).toBeTruthy();
    expect(within(form).getByText('Enter the amount you claim')).toBeTruthy();
    expect(within(form).getByText('Add at least one photo of the damage')).toBeTruthy();

    await user.type(within(form).getByLabelText('What happened'), 'The vase arrived broken');
    expect(within(form).queryByText('Describe what happened in at least 10 characters')).toBeNull();
    await user.type(within(form).getByLabelText('Amount claimed (GBP)'), '25');
    expect(within(form).getByText(/At most £20.00: the standard liability/)).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Send claim' }));
    expect(within(form).getByText('At most £20.00', { selector: '.field__error' })).toBeTruthy();

    await user.clear(within(form).getByLabelText('Amount claimed (GBP)'));
    await user.type(within(form).getByLabelText('Amount claimed (GBP)'), '15');
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'vase.png', { type: 'image/png' });
    await user.upload(within(form).getByLabelText('Photos'), png);
    const photos = await within(form).findByRole('list', { name: 'Photos added' });
    await user.upload(within(form).getByLabelText('Photos'), png);
    await waitFor(() => expect(within(photos).getAllByRole('listitem')).toHaveLength(2));
    // Taken out again before sending.
    await user.click(within(form).getByRole('button', { name: 'Remove photo 2' }));
    expect(within(photos).getAllByRole('listitem')).toHaveLength(1);
    await user.upload(
      within(form).getByLabelText('Proof of value (optional)'),
      new File([new Uint8Array([137, 80, 78, 71])], 'receipt.png', { type: 'image/png' }),
    );
    const proof = await within(form).findByRole('list', { name: 'Proof of value added' });
    expect(within(proof).getByRole('img', { name: 'Receipt 1' }).getAttribute('src')).toBe(
      '/uploads/file-3.png',
    );
    await user.click(within(form).getByRole('button', { name: 'Send claim' }));

    const card = await within(drawer).findByRole('article', { name: 'Claim #9999cccc' });
    expect(within(card).getByText('With courier')).toBeTruthy();
    expect(within(card).getByText('Courier answers by')).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST' && c.path.endsWith('/claims'));
    expect(sent?.body).toEqual({
      kind: 'damage',
      description: 'The vase arrived broken',
      amountClaimed: 1500,
      photos: ['/uploads/file-1.png'],
      proofOfValue: ['/uploads/file-3.png'],
    });
    // One open claim at a time.
    expect(within(drawer).queryByRole('button', { name: 'Claim for damage' })).toBeNull();
  }, 60_000);

  it('shows the API’s refusal beside the field it names', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...signedIn,
      'GET /api/v1/orders': listed,
      [`GET /api/v1/orders/${delivered.id}`]: { body: delivered },
      'GET /api/v1/claims': { body: { items: [] } },
      'POST /api/v1/uploads': { status: 201, body: { url: '/uploads/photo-1.png' } },
      [`POST /api/v1/orders/${delivered.id}/claims`]: problemResponse(422, 'Too late', {
        errors: [{ path: 'kind', message: 'Damage must be reported within 5 working days of delivery' }],
      }),
    });
    const drawer = await openDrawer();
    await user.click(await within(drawer).findByRole('button', { name: 'Claim for damage' }));
    const form = within(drawer).getByRole('form', { name: 'File a claim' });
    await user.type(within(form).getByLabelText('What happened'), 'The vase arrived broken');
    await user.type(within(form).getByLabelText('Amount claimed (GBP)'), '10');
    await user.upload(
      within(form).getByLabelText('Photos'),
      new File([new Uint8Array([1])], 'a.png', { type: 'image/png' }),
    );
    await within(form).findByRole('list', { name: 'Photos added' });
    await user.click(within(form).getByRole('button', { name: 'Send claim' }));
    expect(
      await within(form).findByText('Damage must be reported within 5 working days of delivery'),
    ).toBeTruthy();
  });

  it('says at the field when an upload is refused, and sends nothing of it', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...signedIn,
      'GET /api/v1/orders': listed,
      [`GET /api/v1/orders/${delivered.id}`]: { body: delivered },
      'GET /api/v1/claims': { body: { items: [] } },
      'POST /api/v1/uploads': problemResponse(415, 'Please select an image or PDF file'),
    });
    const drawer = await openDrawer();
    await user.click(await within(drawer).findByRole('button', { name: 'Claim for damage' }));
    const form = within(drawer).getByRole('form', { name: 'File a claim' });
    const input = within(form).getByLabelText('Proof of value (optional)');
    // Declared a PDF, but the API found something else in its bytes.
    await user.upload(input, new File([new Uint8Array([1])], 'receipt.pdf', { type: 'application/pdf' }));
    const error = await within(form).findByText('Please select an image or PDF file');
    expect(error.closest('.field')?.contains(input)).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).queryByRole('list', { name: 'Proof of value added' })).toBeNull();
  });

  it('shows a claim’s photos, proof of value and the courier’s evidence', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/v1/orders': listed,
      [`GET /api/v1/orders/${delivered.id}`]: { body: delivered },
      'GET /api/v1/claims': {
        body: {
          items: [
            claimFixture({
              status: 'rejected',
              awaitsStaff: true,
              photos: ['/uploads/a.png', '/uploads/b.png'],
              proofOfValue: ['/uploads/receipt.png'],
              courierNote: 'Signed for',
              courierEvidence: ['/uploads/pod.png'],
            }),
          ],
        },
      },
    });
    const drawer = await openDrawer();
    const card = await within(drawer).findByRole('article', { name: 'Claim #9999cccc' });
    expect(within(within(card).getByRole('list', { name: 'Photos' })).getAllByRole('img')).toHaveLength(2);
    expect(within(card).getByRole('img', { name: 'Receipt 1' }).closest('a')?.getAttribute('href')).toBe(
      '/uploads/receipt.png',
    );
    expect(within(card).getByRole('img', { name: 'Evidence 1' }).closest('a')?.getAttribute('href')).toBe(
      '/uploads/pod.png',
    );
  });

  it('shows a paid claim with the money back, and one waiting for staff', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/v1/orders': listed,
      [`GET /api/v1/orders/${delivered.id}`]: { body: delivered },
      'GET /api/v1/claims': {
        body: {
          items: [
            claimFixture({
              status: 'paid',
              final: true,
              amountAgreed: { amount: 900, currency: 'GBP' },
              courierNote: 'Signed for in good order',
              staffNote: 'Goodwill for half',
              decidedByStaff: true,
            }),
            claimFixture({
              id: 'c-2',
              reference: '#22222222',
              status: 'rejected',
              awaitsStaff: true,
              courierNote: 'Not us',
            }),
          ],
        },
      },
    });
    const drawer = await openDrawer();
    const paid = await within(drawer).findByRole('article', { name: 'Claim #9999cccc' });
    expect(within(paid).getByText('Refunded to you').nextElementSibling?.textContent).toBe('£9.00');
    expect(within(paid).getByText('Goodwill for half')).toBeTruthy();
    const waiting = within(drawer).getByRole('article', { name: 'Claim #22222222' });
    expect(
      within(waiting).getByText('Consign staff are reviewing this claim and will email you.'),
    ).toBeTruthy();
  });

  it('says how a claim above the payment is paid, asks for the PayPal email at its field, and shows a failed payout', async () => {
    const user = userEvent.setup();
    const payment = {
      refund: { amount: 900, currency: 'GBP' as const },
      refunded: false,
      payout: { amount: 49_100, currency: 'GBP' as const },
      payoutEmail: null as string | null,
      payoutStatus: 'awaiting_email' as NonNullable<Claim['payment']>['payoutStatus'],
      payoutFailure: null as string | null,
    };
    let claim = claimFixture({
      status: 'accepted',
      amountClaimed: { amount: 50_000, currency: 'GBP' },
      cap: { amount: 50_000, currency: 'GBP' },
      amountAgreed: { amount: 50_000, currency: 'GBP' },
      payment,
    });
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/orders': listed,
      [`GET /api/v1/orders/${delivered.id}`]: { body: delivered },
      'GET /api/v1/claims': () => ({ body: { items: [claim] } }),
      [`PUT /api/v1/claims/${claim.id}/payout-receiver`]: (req) => {
        const email = (req.body as { email: string }).email;
        claim = {
          ...claim,
          payment: {
            ...payment,
            payoutEmail: email,
            payoutStatus: 'failed',
            payoutFailure: 'FAILED: RECEIVER_UNREGISTERED',
          },
        };
        return { body: claim };
      },
    });
    const drawer = await openDrawer();
    const card = await within(drawer).findByRole('article', { name: 'Claim #9999cccc' });
    expect(
      within(card).getByText(
        'How it is paid: £9.00 back to your card or PayPal payment, £491.00 by PayPal payout.',
      ),
    ).toBeTruthy();
    expect(within(card).getByText('Waiting for a PayPal email')).toBeTruthy();
    const form = within(card).getByRole('form', { name: 'PayPal email for claim #9999cccc' });
    await user.click(within(form).getByRole('button', { name: 'Save PayPal email' }));
    expect(within(form).getByText('Enter the email address of your PayPal account')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(within(form).getByLabelText('Your PayPal email'), 'casey+fail@example.com');
    await user.click(within(form).getByRole('button', { name: 'Save PayPal email' }));
    expect(await within(card).findByText('Failed')).toBeTruthy();
    expect(within(card).getByText(/PayPal has no account with this email address/)).toBeTruthy();
    expect(within(card).queryByText(/RECEIVER_UNREGISTERED/)).toBeNull();
    expect(within(card).getByText(/£491.00 by PayPal payout to casey\+fail@example.com/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ email: 'casey+fail@example.com' });
    // After a failure the customer may give another address, which pays again.
    expect(within(card).getByRole('button', { name: 'Pay to this PayPal email' })).toBeTruthy();
  }, 60_000);

  it('offers a loss claim at the top of the drawer, and opens the form filled in as a loss for the order’s value', async () => {
    const user = userEvent.setup();
    const moving = orderFixture({
      id: 'o-0000-2222bbbb',
      status: 'in_transit',
      coverAmount: 0,
      contents: 'A wool scarf',
      contentValue: 1500,
      money: { paid: 6000, refunded: 0, net: 6000 },
    });
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/orders': {
        body: { items: [moving], nextCursor: null, totals: { count: 1, pending: 0, sum: [] } },
      },
      [`GET /api/v1/orders/${moving.id}`]: { body: moving },
      'GET /api/v1/claims': { body: { items: [] } },
      [`GET /api/v1/orders/${moving.id}/loss-claim-offer`]: {
        body: { offered: true, reason: 'no_scan', since: '2026-11-20T10:00:00.000Z' },
      },
      [`POST /api/v1/orders/${moving.id}/claims`]: {
        status: 201,
        body: claimFixture({ orderId: moving.id, kind: 'loss', photos: [] }),
      },
    });
    renderApp('/dashboard');
    await user.click(
      await screen.findByRole('button', { name: `View details of order ${moving.reference}` }),
    );
    const drawer = await findOpened('dialog', `Order ${moving.reference}`);
    const notice = await within(drawer).findByRole('region', { name: 'Has your parcel gone missing?' });
    expect(within(notice).getByText(/no tracking update since Fri, 20 Nov 2026\./)).toBeTruthy();
    await user.click(within(notice).getByRole('button', { name: 'Claim for a lost parcel' }));
    const form = within(drawer).getByRole('form', { name: 'File a claim' });
    expect(within(drawer).queryByRole('region', { name: 'Has your parcel gone missing?' })).toBeNull();
    expect((within(form).getByLabelText('What happened') as HTMLTextAreaElement).value).toMatch(
      /^My parcel \(A wool scarf\) has not arrived\. It has had no tracking update since/,
    );
    // The declared value, under the £20 standard liability.
    expect((within(form).getByLabelText('Amount claimed (GBP)') as HTMLInputElement).value).toBe('15.00');
    expect(within(form).getByLabelText('Photos (optional)')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Send claim' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/claims'))).toBe(true),
    );
    const sent = calls.find((c) => c.method === 'POST' && c.path.endsWith('/claims'));
    expect(sent?.body).toMatchObject({ kind: 'loss', amountClaimed: 1500, photos: [], proofOfValue: [] });
  }, 30_000);

  it('opens the prefilled loss claim from the tracking page’s link (?track=<code>&claim=loss)', async () => {
    const moving = orderFixture({
      id: 'o-0000-3333cccc',
      status: 'in_transit',
      coverAmount: 0,
      contents: 'A wool scarf',
      contentValue: 1500,
      money: { paid: 6000, refunded: 0, net: 6000 },
    });
    const offer = { offered: true, reason: 'exception', since: '2026-11-20T10:00:00.000Z' };
    stubFetch({
      ...signedIn,
      'GET /api/v1/orders': {
        body: { items: [moving], nextCursor: null, totals: { count: 1, pending: 0, sum: [] } },
      },
      'GET /api/v1/tracking/K7P3XQ9MHT2W/loss-claim-offer': { body: { orderId: moving.id, ...offer } },
      [`GET /api/v1/orders/${moving.id}`]: { body: moving },
      'GET /api/v1/claims': { body: { items: [] } },
      [`GET /api/v1/orders/${moving.id}/loss-claim-offer`]: { body: offer },
    });
    renderApp('/dashboard?track=K7P3XQ9MHT2W&claim=loss');
    const drawer = await findOpened('dialog', `Order ${moving.reference}`);
    const form = await within(drawer).findByRole('form', { name: 'File a claim' });
    expect((within(form).getByLabelText('What happened') as HTMLTextAreaElement).value).toBe(
      'My parcel (A wool scarf) has not arrived. The courier reported a problem with it on Fri, 20 Nov 2026, and it has not moved on since.',
    );
    expect((within(form).getByLabelText('Amount claimed (GBP)') as HTMLInputElement).value).toBe('15.00');
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('What happened')));
  });

  it('tells someone signed in who did not book the parcel that the sender claims, and opens nothing', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/v1/orders': listed,
      'GET /api/v1/tracking/K7P3XQ9MHT2W/loss-claim-offer': problemResponse(
        404,
        'No order of yours has this tracking code',
      ),
    });
    renderApp('/dashboard?track=K7P3XQ9MHT2W&claim=loss');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This parcel was not booked with this account.')).toBeTruthy();
    expect(within(alert).getByText(/ask the sender to claim/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes a PDF receipt as proof of value and shows it as a link, never as an image', async () => {
    const user = userEvent.setup();
    let claims: Claim[] = [];
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/orders': listed,
      [`GET /api/v1/orders/${delivered.id}`]: { body: delivered },
      'GET /api/v1/claims': () => ({ body: { items: claims } }),
      'POST /api/v1/uploads': () => ({ status: 201, body: { url: '/uploads/receipt-1.pdf' } }),
      [`POST /api/v1/orders/${delivered.id}/claims`]: () => {
        claims = [claimFixture({ proofOfValue: ['/uploads/receipt-1.pdf'] })];
        return { status: 201, body: claims[0] };
      },
    });
    const drawer = await openDrawer();
    await user.click(await within(drawer).findByRole('button', { name: 'Claim for damage' }));
    const form = within(drawer).getByRole('form', { name: 'File a claim' });
    const proof = within(form).getByLabelText('Proof of value (optional)');
    expect(proof.getAttribute('accept')).toBe('image/png,image/jpeg,image/webp,application/pdf');
    expect(within(form).getByText(/a PDF, or a photo or screenshot/)).toBeTruthy();
    // Photos stay images only.
    expect(within(form).getByLabelText('Photos').getAttribute('accept')).toBe(
      'image/png,image/jpeg,image/webp',
    );
    const pdf = new File(['%PDF-1.4\n'], 'receipt.pdf', { type: 'application/pdf' });
    await user.upload(proof, pdf);
    const added = await within(form).findByRole('list', { name: 'Proof of value added' });
    expect(within(added).getByRole('link', { name: 'Receipt 1 (PDF)' }).getAttribute('href')).toBe(
      '/uploads/receipt-1.pdf',
    );
    expect(within(added).queryByRole('img')).toBeNull();

    await user.type(within(form).getByLabelText('What happened'), 'The vase arrived broken');
    await user.type(within(form).getByLabelText('Amount claimed (GBP)'), '15');
    await user.upload(
      within(form).getByLabelText('Photos'),
      new File([new Uint8Array([137, 80, 78, 71])], 'vase.png', { type: 'image/png' }),
    );
    await within(form).findByRole('list', { name: 'Photos added' });
    await user.click(within(form).getByRole('button', { name: 'Send claim' }));
    const card = await within(drawer).findByRole('article', { name: 'Claim #9999cccc' });
    expect(within(card).getByRole('link', { name: 'Proof of value (PDF)' }).getAttribute('href')).toBe(
      '/uploads/receipt-1.pdf',
    );
    const sent = calls.find((c) => c.method === 'POST' && c.path.endsWith('/claims'));
    expect(sent?.body).toMatchObject({ proofOfValue: ['/uploads/receipt-1.pdf'] });
  }, 60_000);
});
