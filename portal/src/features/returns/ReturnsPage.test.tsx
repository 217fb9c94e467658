import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { outboxMeta, problemResponse, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/render';

const option = (id: string, name: string, total: number) => ({
  id,
  courierService: { id: `s-${id}`, name },
  vendor: { id: `v-${id}`, name: 'Swift Couriers' },
  price: { net: total - 100, vat: 100, total, currency: 'GBP' },
  estimatedDelivery: '2026-11-26',
});

const draft = (payer: 'shopper' | 'partner', options = [option('o1', 'Back Home', 540)]) => ({
  draft: 'signed-draft',
  expiresAt: '2026-11-24T10:30:00.000Z',
  reason: 'wrong_size',
  original: {
    reference: '#AAAA1111',
    deliveredAt: '2026-11-23T12:00:00.000Z',
    courier: 'Swift Couriers',
    from: { town: 'Edinburgh', postcodeDistrict: 'EH1' },
    to: { town: 'London', postcodeDistrict: 'SW1A' },
  },
  policy: { windowDays: 14, reasons: ['wrong_size'], payer, isDefault: false },
  windowEndsAt: '2026-12-07T23:59:59.999Z',
  quote: { id: 'q1', collectionDate: '2026-11-24', options },
});

const signedOut = {
  'POST /api/v1/auth/refresh': problemResponse(401, 'No session'),
  'GET /api/v1/meta/auth': { body: outboxMeta },
};

async function fillStart(user: ReturnType<typeof userEvent.setup>, postcode = 'EH1 1AA') {
  const form = await screen.findByRole('form', { name: 'Start a return' });
  await user.type(within(form).getByLabelText('Delivery postcode'), postcode);
  await user.selectOptions(within(form).getByLabelText('Why are you returning it?'), 'wrong_size');
  await user.click(within(form).getByRole('button', { name: 'See return prices' }));
  return form;
}

describe('returns page', () => {
  it('takes the code from the tracking page, says what each field lacks, and shows the 404 at the fields', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({
      ...signedOut,
      'POST /api/v1/returns': problemResponse(
        404,
        'No parcel matches this tracking code and delivery postcode',
      ),
    });
    renderApp('/returns?code=K7P3XQ9MHT2W');
    const form = await screen.findByRole('form', { name: 'Start a return' });
    expect((within(form).getByLabelText('Tracking code') as HTMLInputElement).value).toBe('K7P3XQ9MHT2W');
    await user.click(within(form).getByRole('button', { name: 'See return prices' }));
    expect(await within(form).findByText('Enter the delivery postcode')).toBeTruthy();
    expect(within(form).getByText('Choose why you are returning it')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/returns')).toBe(false);
    await fillStart(user, 'SW1A 1AA');
    expect(
      await within(form).findByText('No parcel matches this tracking code and delivery postcode'),
    ).toBeTruthy();
    expect(within(form).getByLabelText('Delivery postcode').getAttribute('aria-invalid')).toBe('true');
    expect(calls.find((c) => c.path === '/api/v1/returns')?.body).toEqual({
      trackingCode: 'K7P3XQ9MHT2W',
      postcode: 'SW1A 1AA',
      reason: 'wrong_size',
    });
  });

  it('shows a policy refusal under the reason', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...signedOut,
      'POST /api/v1/returns': problemResponse(
        422,
        'Returns of this parcel are taken for: it arrived damaged',
        {
          code: 'return_reason',
          errors: [{ path: 'reason', message: 'Returns of this parcel are taken for: it arrived damaged' }],
        },
      ),
    });
    renderApp('/returns?code=K7P3XQ9MHT2W');
    const form = await fillStart(user);
    expect(
      await within(form).findByText('Returns of this parcel are taken for: it arrived damaged'),
    ).toBeTruthy();
    expect(within(form).getByLabelText('Why are you returning it?').getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('shows the prices, or says plainly when no courier can carry the return', async () => {
    const user = userEvent.setup();
    stubFetch({ ...signedOut, 'POST /api/v1/returns': { status: 201, body: draft('partner', []) } });
    renderApp('/returns?code=K7P3XQ9MHT2W');
    await fillStart(user);
    const prices = await screen.findByRole('form', { name: 'Prices for the return' });
    expect(within(prices).getByText(/No courier can carry this return right now/)).toBeTruthy();
    expect(
      (within(prices).getByRole('button', { name: 'Sign in to book' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByText(/The shop pays for this return/)).toBeTruthy();
  });

  it('asks a signed-out person to sign in before booking', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({
      ...signedOut,
      'POST /api/v1/returns': { status: 201, body: draft('shopper') },
    });
    renderApp('/returns?code=K7P3XQ9MHT2W');
    await fillStart(user);
    const prices = await screen.findByRole('form', { name: 'Prices for the return' });
    expect(within(prices).getByRole('radio', { name: /Back Home/ })).toBeTruthy();
    expect(within(prices).getByText('£5.40')).toBeTruthy();
    await user.click(within(prices).getByRole('button', { name: 'Sign in to book' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/returns/book')).toBe(false);
  });

  it('states the collection rule under the date and names a Saturday there, as the booking form does', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({
      ...signedOut,
      'POST /api/v1/returns': { status: 201, body: draft('shopper') },
      'GET /api/v1/meta/collection-days': {
        body: {
          today: '2026-11-23',
          earliest: '2026-11-24',
          latest: '2027-11-23',
          cutoff: '14:00',
          timeZone: 'Europe/London',
          bankHolidays: ['2026-12-25', '2026-12-28'],
          hint: 'Collections Monday to Friday, not on bank holidays; book by 14:00 UK time for collection the same day',
        },
      },
    });
    renderApp('/returns?code=K7P3XQ9MHT2W');
    await fillStart(user);
    const prices = await screen.findByRole('form', { name: 'Prices for the return' });
    const date = within(prices).getByLabelText('Collection date') as HTMLInputElement;
    await waitFor(() => expect(date.max).toBe('2027-11-23'));
    expect(within(prices).getByText(/Collections Monday to Friday, not on bank holidays/)).toBeTruthy();
    expect(date.getAttribute('aria-describedby')).toContain('hint');

    await user.clear(date);
    await user.type(date, '2026-11-28');
    await user.click(within(prices).getByRole('button', { name: 'Sign in to book' }));
    expect(
      await within(prices).findByText(/Collections are Monday to Friday: Sat, 28 Nov 2026 is a Saturday/),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.path === '/api/v1/returns/book')).toBe(false);
  });
});
