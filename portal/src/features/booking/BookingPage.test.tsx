import { defaultScheduler, notifyManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { ukDate } from '../../lib/format';
import { messages } from '../../shared/booking-form/bookingSchema';
import { loadDraft, saveDraft } from '../../shared/booking-form/draft';
import { emptyBooking } from '../../shared/booking-form/formValues';
import { orderFixture, quoteFixture, referenceData } from '../../test/bookingFixtures';
import { customer, outboxMeta, problemResponse, sessionFor, stubFetch } from '../../test/fetchStub';
import { findOpened } from '../../test/opened';
import { renderApp } from '../../test/render';

const profile = {
  ...customer,
  name: 'Casey Customer',
  phone: '020 7946 0000',
  address: {
    line1: '10 Downing Street',
    town: 'London',
    county: 'Greater London',
    postcode: 'SW1A 1AA',
    country: 'GB',
  },
  avatarUrl: null,
};

function signedIn(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'POST /api/v1/auth/refresh': { body: sessionFor(customer) },
    'GET /api/v1/meta': { body: referenceData },
    'GET /api/v1/meta/auth': { body: outboxMeta },
    'GET /api/v1/quotes/q_1': { body: quoteFixture() },
    'GET /api/v1/users/me': { body: profile },
    'GET /api/v1/orders': {
      body: { items: [], nextCursor: null, totals: { count: 0, pending: 0, sum: [] } },
    },
    ...extra,
  });
}

describe('booking form (step 1)', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('asks a signed-out visitor to sign in first', async () => {
    stubFetch({
      'POST /api/v1/auth/refresh': problemResponse(401, 'No session'),
      'GET /api/v1/meta/auth': { body: outboxMeta },
    });
    renderApp('/booking?quote=q_1&option=opt_1');
    expect(await findOpened('dialog', 'Log In')).toBeTruthy();
  });

  it("states the collection rule at the date, offers the API calendar's days and names a Saturday's problem there", async () => {
    const user = userEvent.setup();
    // The server's calendar on Saturday 28 Nov 2026 at 22:17: the first collection day is Monday.
    const { calls } = signedIn({
      'GET /api/v1/meta/collection-days': {
        body: {
          today: '2026-11-28',
          earliest: '2026-11-30',
          latest: '2027-11-28',
          cutoff: '14:00',
          timeZone: 'Europe/London',
          bankHolidays: ['2026-12-25', '2026-12-26', '2026-12-28'],
          hint: 'Collections Monday to Friday, not on bank holidays; book by 14:00 UK time for collection the same day',
        },
      },
    });
    renderApp('/booking?quote=q_1&option=opt_1');
    const form = await screen.findByRole('form', { name: 'Book your delivery' });
    const date = within(form).getByLabelText('Collection date') as HTMLInputElement;
    await waitFor(() => expect(date.min).toBe('2026-11-30'));
    expect(date.max).toBe('2027-11-28');
    expect(date.getAttribute('aria-describedby')).toContain('hint');
    expect(
      within(form).getByText(
        'Collections Monday to Friday, not on bank holidays; book by 14:00 UK time for collection the same day',
      ),
    ).toBeTruthy();

    await user.type(date, '2026-11-28');
    await user.tab();
    expect(
      await within(form).findByText(
        'Collections are Monday to Friday: Sat, 28 Nov 2026 is a Saturday; the next collection day is Mon, 30 Nov 2026',
      ),
    ).toBeTruthy();
    // A day no booking may name is not sent to be re-dated.
    expect(calls.some((c) => c.path.endsWith('/delivery-date'))).toBe(false);
  });

  it('re-dates the estimated delivery whenever the collection date changes', async () => {
    const user = userEvent.setup();
    const later = ukDate(new Date(Date.now() + 5 * 86_400_000));
    const { calls } = signedIn({
      'GET /api/v1/quotes/q_1/options/opt_1/delivery-date': {
        body: { collectionDate: later, estimatedDelivery: '2099-01-02' },
      },
    });
    renderApp('/booking?quote=q_1&option=opt_1');
    const form = await screen.findByRole('form', { name: 'Book your delivery' });
    const aside = screen.getByRole('complementary');
    // Before a date is chosen the summary says which collection day the quote assumed.
    expect(within(aside).getByText(/if collected Tue, 10 Mar 2026/)).toBeTruthy();

    await user.type(within(form).getByLabelText('Collection date'), later);
    expect(await within(aside).findByText(/Fri, 2 Jan 2099/)).toBeTruthy();
    const asked = calls.filter((c) => c.path.endsWith('/delivery-date'));
    expect(asked.length).toBeGreaterThan(0);
  });

  it('validates, keeps a draft, and goes to the review with an order body and no price', async () => {
    const user = userEvent.setup();
    const postOrder = orderFixture({ status: 'awaiting_payment' });
    const { calls } = signedIn({ 'POST /api/v1/orders': { status: 201, body: postOrder } });
    const { router } = renderApp('/booking?quote=q_1&option=opt_1');

    const form = await screen.findByRole('form', { name: 'Book your delivery' });
    expect(screen.getByRole('heading', { name: 'Book your Delivery' })).toBeTruthy();
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    const aside = screen.getByRole('complementary');
    expect(within(aside).getByText('UPS Standard')).toBeTruthy();
    expect(within(aside).getByText('England → Scotland')).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Review order' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeTruthy();
    expect(within(form).getAllByText('Name is required')).toHaveLength(2);
    // "No extended cover" is chosen from the start, so it is never a missing field.
    expect(within(form).queryByText(messages.cover)).toBeNull();
    expect((within(form).getByRole('radio', { name: /No extended cover/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(within(form).getByText('Please accept the Terms and Conditions')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/booking');

    // The account's saved address fills the collection address in one go.
    const collection = within(form).getByRole('group', { name: 'Collection address' });
    await user.selectOptions(await within(collection).findByLabelText('Choose a saved address'), 'profile');
    expect((within(collection).getByLabelText('Street') as HTMLInputElement).value).toBe('10 Downing Street');
    expect((within(collection).getByLabelText('Full name') as HTMLInputElement).value).toBe('Casey Customer');
    expect(within(collection).queryByText('Name is required')).toBeNull();

    const delivery = within(form).getByRole('group', { name: 'Delivery address' });
    await user.type(within(delivery).getByLabelText('Full name'), 'Morag Mackay');
    await user.type(within(delivery).getByLabelText('Email'), 'morag@example.com');
    await user.type(within(delivery).getByLabelText('Contact number'), '0131 496 0000');
    await user.type(within(delivery).getByLabelText('Postcode'), 'eh11yz');
    await user.type(within(delivery).getByLabelText('Street'), '1 Royal Mile');
    await user.type(within(delivery).getByLabelText('Town'), 'Edinburgh');
    await user.type(within(delivery).getByLabelText('County'), 'Midlothian');
    expect((within(delivery).getByLabelText('Postcode') as HTMLInputElement).value).toBe('EH1 1YZ');
    expect((within(delivery).getByLabelText('Country') as HTMLInputElement).value).toBe('United Kingdom');

    await user.type(within(form).getByLabelText('Collection date'), ukDate());
    await user.type(within(form).getByLabelText('Package content'), 'Books');
    await user.type(within(form).getByLabelText('Content value (£)'), '45.50');
    await user.click(within(form).getByRole('radio', { name: /Cover up to £50\.00/ }));
    expect(within(aside).getByText('£9.87')).toBeTruthy(); // £8.99 quoted + £0.88 cover
    await user.click(within(form).getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }));

    // The draft survives a reload (sessionStorage), without anything secret in it.
    expect(loadDraft()?.values.delivery.town).toBe('Edinburgh');
    expect(window.sessionStorage.getItem('consign.booking-draft')).not.toContain('access-1');

    await user.click(within(form).getByRole('button', { name: 'Review order' }));
    expect(
      await screen.findByText('Form validated successfully! Please complete your payment.'),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/reviewOrder'));

    expect(await screen.findByRole('heading', { name: 'Confirm Order' })).toBeTruthy();
    const create = await waitFor(() => {
      const call = calls.find((c) => c.method === 'POST' && c.path === '/api/v1/orders');
      if (!call) throw new Error('no order yet');
      return call;
    });
    expect(create.headers['Idempotency-Key']).toBeTruthy();
    expect(create.body).toEqual({
      quoteOptionId: 'opt_1',
      collectionAddress: {
        name: 'Casey Customer',
        email: customer.email,
        phone: '020 7946 0000',
        line1: '10 Downing Street',
        town: 'London',
        county: 'Greater London',
        postcode: 'SW1A 1AA',
        country: 'GB',
      },
      deliveryAddress: {
        name: 'Morag Mackay',
        email: 'morag@example.com',
        phone: '0131 496 0000',
        line1: '1 Royal Mile',
        town: 'Edinburgh',
        county: 'Midlothian',
        postcode: 'EH1 1YZ',
        country: 'GB',
      },
      collectionDate: ukDate(),
      contents: 'Books',
      contentValue: 4550,
      coverAmount: 5000,
    });
    // The server's breakdown, from the created order.
    const yourPrice = screen.getByRole('complementary', { name: 'Your price' });
    expect(await within(yourPrice).findByText('Extended cover (up to £50.00)')).toBeTruthy();
    expect(within(yourPrice).getByText('£9.87')).toBeTruthy();
    expect(within(yourPrice).getByText(postOrder.reference).parentElement?.textContent).toBe(
      `Order ${postOrder.reference}, awaiting payment.`,
    );
    const pay = screen.getByRole('button', { name: 'Confirm and pay' });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    await user.click(pay);
    expect(router.state.location.pathname).toBe('/payment');
    expect(router.state.location.search).toBe(`?order=${postOrder.id}`);
  });

  it('shows an expired quote instead of the form', async () => {
    signedIn({ 'GET /api/v1/quotes/q_1': { body: quoteFixture({ expired: true }) } });
    renderApp('/booking?quote=q_1&option=opt_1');
    expect(await screen.findByRole('heading', { name: 'This quote has expired' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get a new quote' }).getAttribute('href')).toBe('/');
  });

  it('shows the customs step for an international quote', async () => {
    signedIn({
      'GET /api/v1/quotes/q_1': {
        body: quoteFixture({
          request: {
            serviceType: 'international',
            from: 'GB',
            to: 'FR',
            parcels: [{ length: 1, width: 1, height: 1, weight: 1 }],
          },
          options: [{ ...quoteFixture().options[0]!, serviceType: 'international' }],
        }),
      },
    });
    renderApp('/booking?quote=q_1&option=opt_1');
    const form = await screen.findByRole('form', { name: 'Book your delivery' });
    expect(within(form).getByRole('group', { name: 'Customs details' })).toBeTruthy();
    expect(within(form).getByRole('group', { name: 'Breakdown of contents' })).toBeTruthy();
    const delivery = within(form).getByRole('group', { name: 'Delivery address' });
    expect((within(delivery).getByLabelText('Country') as HTMLInputElement).value).toBe('France');
    // A UK saved address is not offered for a delivery abroad.
    expect(within(delivery).queryByLabelText('Choose a saved address')).toBeNull();
  });
});

describe('the delivery address abroad', () => {
  beforeEach(() => window.sessionStorage.clear());

  async function deliveryTo(to: string) {
    signedIn({
      'GET /api/v1/quotes/q_1': {
        body: quoteFixture({
          request: {
            serviceType: 'international',
            from: 'GB',
            to,
            parcels: [{ length: 1, width: 1, height: 1, weight: 1 }],
          },
          options: [{ ...quoteFixture().options[0]!, serviceType: 'international' }],
        }),
      },
    });
    renderApp('/booking?quote=q_1&option=opt_1');
    const form = await screen.findByRole('form', { name: 'Book your delivery' });
    return within(form).getByRole('group', { name: 'Delivery address' });
  }

  // Issue 51, item 12f: the fields follow the destination's conventions, as the API checks them.
  it.each([
    ['US', 'State', true, 'Postcode', true],
    ['CA', 'Province', true, 'Postcode', true],
    ['AU', 'State', true, 'Postcode', true],
    ['FR', 'County or region (optional)', false, 'Postcode', true],
    ['AE', 'County or region (optional)', false, 'Postcode (optional)', false],
  ])(
    'to %s: the region is "%s" (required: %s), the postcode "%s"',
    async (to, region, regionNeeded, postcode, postcodeNeeded) => {
      const delivery = await deliveryTo(to);
      expect((within(delivery).getByLabelText(region) as HTMLInputElement).required).toBe(regionNeeded);
      expect((within(delivery).getByLabelText(postcode) as HTMLInputElement).required).toBe(postcodeNeeded);
    },
  );
});

describe('order review (step 2)', () => {
  beforeEach(() => window.sessionStorage.clear());

  function seedDraft() {
    const values = emptyBooking({ from: 'GB', to: 'GB', international: false });
    saveDraft({
      version: 1,
      quoteId: 'q_1',
      optionId: 'opt_1',
      values,
      submitted: {
        key: 'key-1',
        body: {
          quoteOptionId: 'opt_1',
          collectionAddress: { ...orderFixture().collectionAddress },
          deliveryAddress: { ...orderFixture().deliveryAddress },
          collectionDate: '2026-11-23',
          contents: 'Books',
          contentValue: 4500,
          coverAmount: 0,
        },
      },
    });
  }

  it('explains an expired quote with a link to a new one', async () => {
    seedDraft();
    signedIn({
      'POST /api/v1/orders': problemResponse(409, 'This quote has expired; please get a new quote', {
        code: 'quote_expired',
      }),
    });
    renderApp('/reviewOrder');
    expect(await screen.findByText('This quote has expired; please get a new quote')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get a new quote' }).getAttribute('href')).toBe('/');
    expect((screen.getByRole('button', { name: 'Confirm and pay' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("falls back to 'Something Went Wrong'", async () => {
    seedDraft();
    signedIn({ 'POST /api/v1/orders': problemResponse(500, 'Database unavailable') });
    renderApp('/reviewOrder');
    expect(await screen.findByText('Something Went Wrong')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('Edit returns to the form with the draft', async () => {
    const user = userEvent.setup();
    seedDraft();
    signedIn({ 'POST /api/v1/orders': { status: 201, body: orderFixture({ status: 'awaiting_payment' }) } });
    const { router } = renderApp('/reviewOrder');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(router.state.location.pathname).toBe('/booking');
    expect(router.state.location.search).toBe('?quote=q_1&option=opt_1');
  });

  it('Edit clicked while the order is still being made stays on the form when the order arrives', async () => {
    const user = userEvent.setup();
    seedDraft();
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    signedIn({
      'POST /api/v1/orders': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const { router } = renderApp('/reviewOrder');
    const edit = await screen.findByRole('button', { name: 'Edit' });
    // Once the order exists the review names it in the address; that must not undo a click on Edit
    // made before, while the form renders (seen under load in the browser tests). The order is
    // answered by the click itself (this listener runs before React's) and its result reaches the
    // page at once, so it lands while the form's render is still pending.
    notifyManager.setScheduler((callback) => callback());
    onTestFinished(() => notifyManager.setScheduler(defaultScheduler));
    edit.addEventListener('click', () =>
      answer({ status: 201, body: orderFixture({ status: 'awaiting_payment' }) }),
    );
    await user.click(edit);
    await waitFor(() => expect(loadDraft()?.orderId).toBe(orderFixture().id));
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe('/booking');
    expect(await screen.findByRole('form', { name: 'Book your delivery' })).toBeTruthy();
  });

  it('has nothing to review without a draft', async () => {
    signedIn();
    renderApp('/reviewOrder');
    expect(await screen.findByRole('heading', { name: 'There is no booking to review' })).toBeTruthy();
  });

  it('reloads the review from the server’s order when the tab has no draft, creating nothing', async () => {
    const saved = orderFixture({ status: 'awaiting_payment' });
    const { calls } = signedIn({ [`GET /api/v1/orders/${saved.id}`]: { body: saved } });
    renderApp(`/reviewOrder?order=${saved.id}`);
    expect(await screen.findByRole('heading', { name: 'Confirm Order' })).toBeTruthy();
    expect(await screen.findByText(saved.reference)).toBeTruthy();
    expect(screen.getByText('Wed, 25 Nov 2026')).toBeTruthy(); // the order's own estimated delivery
    expect(screen.getByRole('button', { name: 'Confirm and pay' })).toHaveProperty('disabled', false);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/orders')).toBe(false);
  });
});
