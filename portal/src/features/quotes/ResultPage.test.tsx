import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/providers';
import { preloadPage } from '../../app/router';
import { SessionStore } from '../../shared/auth/session';
import { customer, outboxMeta, problemResponse, sessionFor, stubFetch } from '../../test/fetchStub';
import { findOpened } from '../../test/opened';
import { option, quote, referenceData } from '../../test/quoteFixtures';
import { renderApp } from '../../test/render';
import { NO_FIT_TITLE, PROBLEM_TEXT, PROBLEM_TITLE, PROMPT_TEXT } from './ResultPage';

const base = {
  'GET /api/v1/meta/auth': { body: outboxMeta },
  'GET /api/v1/meta': { body: referenceData },
  // Answered, so that no test sees the footer's query retry a missing answer a second later.
  'GET /api/v1/reviews/summary': { body: { count: 0, average: null } },
};
const anonymous = { ...base, 'POST /api/v1/auth/refresh': problemResponse(401, 'No session') };
const signedIn = { ...base, 'POST /api/v1/auth/refresh': { body: sessionFor(customer) } };

const SEARCH = '/result?type=Domestic&from=England&to=Scotland&length=30&width=20&height=15&weight=1';

/**
 * The results, once the page has moved focus to their heading (after their first paint): a popup
 * opened or a field used before then would lose focus to the heading (jsdom focuses an element of
 * the inert page behind a dialog, which a browser does not).
 */
async function shownResults() {
  const heading = await screen.findByRole('heading', { name: 'Available couriers' });
  await waitFor(() => expect(document.activeElement).toBe(heading));
  return heading;
}

const options = [
  option({
    id: 'ups',
    courierService: { id: 's1', name: 'UPS Standard', logoUrl: '/uploads/ups.png' },
    price: { net: 749, vat: 150, total: 899, currency: 'GBP' },
    chargeableWeightKg: 1.8,
    billedBy: 'volumetric',
    estimatedDelivery: '2026-03-12',
    transitDays: 2,
    badges: ['cheapest'],
  }),
  option({
    id: 'promo',
    courierService: { id: 's2', name: 'UPS Promotion', logoUrl: null },
    price: { net: 799, vat: 160, total: 959, currency: 'GBP' },
    estimatedDelivery: '2026-03-13',
    transitDays: 3,
    rating: { average: null, count: 2 },
    onTime: { share: null, delivered: 4 },
  }),
  option({
    id: 'dpd',
    courierService: { id: 's3', name: 'DPD Next Day', logoUrl: null },
    price: { net: 895, vat: 179, total: 1074, currency: 'GBP' },
    estimatedDelivery: '2026-03-11',
    transitDays: 1,
    badges: ['fastest'],
    rating: { average: 4.8, count: 3 },
  }),
];

const cardNames = () =>
  screen
    .getAllByTestId('quote-card')
    .map((card) => within(card).getByRole('heading', { level: 3 }).textContent);

describe('quote results page', () => {
  it('asks for the form before any search', async () => {
    const { calls } = stubFetch(anonymous);
    renderApp('/result');
    expect(await screen.findByText(PROMPT_TEXT)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your Comparison Result', level: 1 })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Change your parcel' })).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/quotes')).toBe(false);
  });

  it('shows Loading... and then the couriers, cheapest first', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls } = stubFetch({
      ...anonymous,
      'POST /api/v1/quotes': async () => {
        await answered;
        return { status: 201, body: quote([options[1]!, options[2]!, options[0]!]) };
      },
    });
    renderApp(SEARCH);
    expect(await screen.findByRole('heading', { name: 'Loading...' })).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { name: 'Available couriers' })).toBeTruthy();
    expect(cardNames()).toEqual(['UPS Standard', 'UPS Promotion', 'DPD Next Day']);
    expect(screen.getAllByTestId('quote-price').map((p) => p.textContent)).toEqual([
      '£8.99',
      '£9.59',
      '£10.74',
    ]);
    const request = calls.find((c) => c.path === '/api/v1/quotes');
    expect(request?.body).toEqual({
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      parcels: [{ length: 30, width: 20, height: 15, weight: 1 }],
    });
    // The form above the results shows the search, ready to change.
    const form = screen.getByRole('form', { name: 'Change your parcel' });
    expect((within(form).getByLabelText('Deliver to') as HTMLSelectElement).value).toBe('Scotland');
    expect((within(form).getByLabelText('Length (cm)') as HTMLInputElement).value).toBe('30');
  });

  it('sorts by delivery date', async () => {
    stubFetch({ ...anonymous, 'POST /api/v1/quotes': { status: 201, body: quote(options) } });
    const user = userEvent.setup();
    renderApp(SEARCH);
    await shownResults();
    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect(sort.value).toBe('price');
    await user.selectOptions(sort, 'delivery');
    expect(cardNames()).toEqual(['DPD Next Day', 'UPS Standard', 'UPS Promotion']);
    await user.selectOptions(sort, 'price');
    expect(cardNames()).toEqual(['UPS Standard', 'UPS Promotion', 'DPD Next Day']);
  });

  it('draws every card of a long result (revealed a few at a time), in order', async () => {
    // 20 options, given most expensive (and soonest) first: the page sorts them, cheapest first.
    const many = Array.from({ length: 20 }, (_, i) =>
      option({
        id: `o${i}`,
        courierService: { id: `s${i}`, name: `Courier ${String(20 - i).padStart(2, '0')}`, logoUrl: null },
        price: { net: 2000 - i * 10, vat: 0, total: 2000 - i * 10, currency: 'GBP' },
        estimatedDelivery: `2026-03-${10 + i}`,
      }),
    );
    stubFetch({ ...anonymous, 'POST /api/v1/quotes': { status: 201, body: quote(many) } });
    const user = userEvent.setup();
    renderApp(SEARCH);
    await shownResults();
    expect(screen.getByText(/^20 options for 1 parcel/)).toBeTruthy();
    const all = Array.from({ length: 20 }, (_, i) => `Courier ${String(i + 1).padStart(2, '0')}`);
    // Counted while they appear (reading every card's heading by its role at each change of the
    // page took most of this test's time), then read once all are drawn.
    await waitFor(() => expect(screen.getAllByTestId('quote-card')).toHaveLength(20));
    expect(cardNames()).toEqual(all);
    // Sorting moves every card, not only the first screenful.
    await user.selectOptions(screen.getByLabelText('Sort by'), 'delivery');
    expect(cardNames()).toEqual([...all].reverse());
  });

  it('sorts by rating: highest average first, services too new for one last', async () => {
    stubFetch({ ...anonymous, 'POST /api/v1/quotes': { status: 201, body: quote(options) } });
    const user = userEvent.setup();
    renderApp(SEARCH);
    await shownResults();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'rating');
    expect(cardNames()).toEqual(['DPD Next Day', 'UPS Standard', 'UPS Promotion']);
  });

  it('renders a card with logo, rating, delivery, VAT, chargeable weight and badges', async () => {
    stubFetch({ ...anonymous, 'POST /api/v1/quotes': { status: 201, body: quote(options) } });
    renderApp(SEARCH);
    await shownResults();
    const [ups, promo] = screen.getAllByTestId('quote-card');
    const card = within(ups!);
    expect(ups!.querySelector('img')?.getAttribute('src')).toBe('/uploads/ups.png');
    expect(promo!.querySelector('img')).toBeNull();
    expect(promo!.querySelector('.courier-logo--fallback')).not.toBeNull();
    // The measured scores, and "New" where there are too few to show.
    expect(card.getByText('4.6')).toBeTruthy();
    expect(card.getByText('(12 reviews)')).toBeTruthy();
    expect(card.getByText('94% on time')).toBeTruthy();
    expect(card.getByRole('link', { name: /Courier profile and reviews/ }).getAttribute('href')).toBe(
      '/couriers/v1',
    );
    const fresh = within(promo!);
    expect(fresh.getByText('New')).toBeTruthy();
    expect(fresh.getByText('2 reviews')).toBeTruthy();
    expect(fresh.queryByTestId('on-time')).toBeNull();
    expect(card.getByText('Thu, 12 Mar 2026')).toBeTruthy();
    expect(card.getByText('2+ Days Delivery')).toBeTruthy();
    expect(card.getByText('incl. £1.50 VAT')).toBeTruthy();
    expect(card.getByText('1.8 kg')).toBeTruthy();
    expect(card.getByText('Billed by volumetric weight: 30×20×15/5000 (actual weight 1 kg)')).toBeTruthy();
    expect(card.getByText('Cheapest')).toBeTruthy();
    // How the parcel starts, from the service: collected here, unless the option says otherwise.
    expect(card.getByText('Collected from your door.')).toBeTruthy();
    expect(card.getByRole('button', { name: 'Printer required' })).toBeTruthy();
    expect(within(promo!).getByText('Billed by actual weight (1 kg)')).toBeTruthy();
    expect(within(screen.getAllByTestId('quote-card')[2]!).getByText('Fastest')).toBeTruthy();
  });

  it('says exports carry no VAT', async () => {
    const abroad = option({
      id: 'ww',
      serviceType: 'international',
      courierService: { id: 's9', name: 'UPS Worldwide Saver', logoUrl: null },
      price: { net: 2499, vat: 0, total: 2499, currency: 'GBP' },
      transitDays: 4,
    });
    stubFetch({ ...anonymous, 'POST /api/v1/quotes': { status: 201, body: quote([abroad]) } });
    renderApp('/result?type=International&from=GB&to=FR&length=30&width=20&height=15&weight=1');
    await shownResults();
    expect(screen.getByText('No VAT (export)')).toBeTruthy();
    expect(screen.getByText('£24.99')).toBeTruthy();
    expect(screen.getByText(/United Kingdom to France/)).toBeTruthy();
  });

  it('opens the label and courier information popups, Escape closes them', async () => {
    const printerless = { ...options[0]!, handover: 'drop_off' as const, labelMode: 'printerless' as const };
    stubFetch({ ...anonymous, 'POST /api/v1/quotes': { status: 201, body: quote([printerless]) } });
    const user = userEvent.setup();
    renderApp(SEARCH);
    await shownResults();
    expect(screen.getByText('Drop off at a point.')).toBeTruthy();
    const printer = screen.getByRole('button', { name: 'No printer needed' });
    expect(printer.getAttribute('aria-expanded')).toBe('false');
    await user.click(printer);
    const popup = await findOpened('dialog', 'No printer needed');
    expect(popup.textContent).toContain('Show the QR code from your confirmation at the drop-off point');
    expect(printer.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'No printer needed' })).toBeNull();
    expect(document.activeElement).toBe(printer);

    await user.click(screen.getByRole('button', { name: 'About UPS Standard' }));
    const info = await findOpened('dialog', 'About UPS Standard');
    expect(info.textContent).toContain(
      'Drop off at a point: Take the parcel to one of the courier’s drop-off points',
    );
    expect(info.textContent).toContain('No printer needed');
    expect(info.textContent).toContain('Tracking online.');
    await user.click(within(info).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'About UPS Standard' })).toBeNull();
  });

  it('asks an anonymous visitor to log in on Book Now', async () => {
    stubFetch({
      ...anonymous,
      'POST /api/v1/quotes': { status: 201, body: quote(options) },
      'POST /api/v1/auth/login': { body: sessionFor(customer) },
    });
    const user = userEvent.setup();
    const { router } = renderApp(SEARCH);
    await shownResults();
    await user.click(screen.getAllByRole('button', { name: 'Book Now' })[1]!);
    const dialog = await findOpened('dialog', 'Log In');
    expect(router.state.location.pathname).toBe('/result');

    // Signing in carries on to the booking of the option that was chosen.
    await user.type(within(dialog).getByLabelText('Email'), customer.email);
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking'));
    expect(router.state.location.search).toBe('?quote=q-1&option=promo');
  });

  it('forgets where Book Now was going when the sign-in dialog is dismissed', async () => {
    stubFetch({
      ...anonymous,
      'POST /api/v1/quotes': { status: 201, body: quote(options) },
      'POST /api/v1/auth/login': { body: sessionFor(customer) },
    });
    const user = userEvent.setup();
    const { router } = renderApp(SEARCH);
    await shownResults();
    await user.click(screen.getAllByRole('button', { name: 'Book Now' })[0]!);
    await findOpened('dialog', 'Log In');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log In' })).toBeNull());
    // Signing in later from the header leaves the customer where they are.
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    const dialog = await findOpened('dialog', 'Log In');
    await user.type(within(dialog).getByLabelText('Email'), customer.email);
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log In' })).toBeNull());
    expect(router.state.location.pathname).toBe('/result');
  });

  it("asks for the opening search's quote as the app starts, as the signed-in customer, and shows it without asking again", async () => {
    const { calls } = stubFetch({
      ...signedIn,
      'POST /api/v1/quotes': { status: 201, body: quote(options) },
    });
    // What main.tsx does before React's first render.
    const session = new SessionStore();
    session.start();
    const queryClient = createQueryClient();
    const [pathname, search] = SEARCH.split('?');
    await preloadPage({
      queryClient,
      apiClient: session.client,
      location: { pathname: pathname!, search: `?${search}` },
    });
    const quoteCalls = () => calls.filter((c) => c.path === '/api/v1/quotes');
    await waitFor(() => expect(quoteCalls()).toHaveLength(1));
    // It waited for the session's restore, so the quote is recorded as the customer's.
    expect(quoteCalls()[0]!.headers.Authorization).toBe('Bearer access-1');

    renderApp(SEARCH, { queryClient, session });
    await shownResults();
    expect(cardNames()).toEqual(['UPS Standard', 'UPS Promotion', 'DPD Next Day']);
    expect(quoteCalls()).toHaveLength(1);
    // The form's lists and the footer's figures were started with the quote, and not again by the page.
    for (const path of ['/api/v1/meta', '/api/v1/reviews/summary']) {
      expect(
        calls.filter((c) => c.path === path),
        path,
      ).toHaveLength(1);
    }
    session.stop();
  });

  it('starts nothing for an address without a page of its own to preload, and no quote for a results address with no search', async () => {
    const { calls } = stubFetch(anonymous);
    const session = new SessionStore();
    const queryClient = createQueryClient();
    await preloadPage({ queryClient, apiClient: session.client, location: { pathname: '/', search: '' } });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(calls).toHaveLength(0);
    // A results address with no search has nothing to ask a quote for: the page only prompts for
    // the form, whose lists (and the footer's review figures) are still started early.
    await preloadPage({
      queryClient,
      apiClient: session.client,
      location: { pathname: '/result', search: '' },
    });
    const keys = queryClient
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey[0]);
    expect(keys.sort()).toEqual(['meta', 'reviews']);
    expect(calls.some((c) => c.path === '/api/v1/quotes')).toBe(false);
  });

  it('takes a signed-in customer to the booking with the quote and option', async () => {
    const { calls } = stubFetch({
      ...signedIn,
      'POST /api/v1/quotes': { status: 201, body: quote(options, { id: 'quote-42' }) },
    });
    const user = userEvent.setup();
    const { router } = renderApp(SEARCH);
    await shownResults();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy());
    await user.click(screen.getAllByRole('button', { name: 'Book Now' })[1]!);
    expect(router.state.location.pathname).toBe('/booking');
    expect(router.state.location.search).toBe('?quote=quote-42&option=promo');
    const quoteCall = calls.find((c) => c.path === '/api/v1/quotes');
    expect(quoteCall?.headers.Authorization).toBe('Bearer access-1');
  });

  it('shows the problem screen when nothing fits, with Go back and Post a job instead', async () => {
    stubFetch({ ...anonymous, 'POST /api/v1/quotes': { status: 201, body: quote([]) } });
    const user = userEvent.setup();
    const { router } = renderApp(SEARCH);
    expect(await screen.findByRole('heading', { name: 'Try different dimensions' })).toBeTruthy();
    // Issue 51, item 10: no match is an answer, not "a problem".
    expect(screen.getByText(NO_FIT_TITLE)).toBeTruthy();
    expect(screen.queryByText(PROBLEM_TITLE)).toBeNull();
    expect(screen.getByText(PROBLEM_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Post a job instead' }).getAttribute('href')).toBe(
      '/post-job?type=Domestic&from=England&to=Scotland&length=30&width=20&height=15&weight=1',
    );
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('answers "No courier serves … yet" for a country no service covers, with Post a job', async () => {
    stubFetch({
      ...anonymous,
      'POST /api/v1/quotes': {
        status: 201,
        body: quote([], {
          routeServed: false,
          request: { serviceType: 'international', from: 'GB', to: 'AL', parcels: [] },
        }),
      },
    });
    renderApp('/result?type=International&from=GB&to=AL&length=30&width=20&height=15&weight=1');
    const heading = await screen.findByRole('heading', { name: 'No courier serves Albania yet' });
    expect(screen.queryByText(PROBLEM_TITLE)).toBeNull();
    expect(screen.getByRole('link', { name: 'Post a job instead' }).getAttribute('href')).toBe(
      '/post-job?type=International&from=GB&to=AL&length=30&width=20&height=15&weight=1',
    );
    // The results render in a transition, so the focus and announcement follow the paint.
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('status').textContent).toBe('No courier serves Albania yet');
  });

  it('moves focus to the results and announces how many were found', async () => {
    stubFetch({ ...anonymous, 'POST /api/v1/quotes': { status: 201, body: quote(options) } });
    renderApp(SEARCH);
    const heading = await screen.findByRole('heading', { name: 'Available couriers' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('status').textContent).toBe('3 courier options found');
  });

  it("shows the API's reason for a refused search", async () => {
    stubFetch({
      ...anonymous,
      'POST /api/v1/quotes': problemResponse(422, 'Invalid fromPostcode', {
        errors: [{ path: 'fromPostcode', message: 'Enter a valid UK postcode, such as SW1A 1AA' }],
      }),
    });
    renderApp(
      '/result?type=Same%20Day&fromPostcode=ZZ1%201AA&toPostcode=M1%201AE&length=1&width=1&height=1&weight=1',
    );
    expect(await screen.findByRole('heading', { name: 'Try different dimensions' })).toBeTruthy();
    expect(screen.getByText('Enter a valid UK postcode, such as SW1A 1AA')).toBeTruthy();
  });

  it('shows the problem screen when the API cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({ ...anonymous, 'POST /api/v1/quotes': problemResponse(500, 'Boom') });
    renderApp(SEARCH);
    expect(await screen.findByRole('heading', { name: 'Try different dimensions' })).toBeTruthy();
    expect(screen.getByText(PROBLEM_TITLE)).toBeTruthy();
  });

  it('explains a malformed search without asking the API', async () => {
    const { calls } = stubFetch(anonymous);
    renderApp('/result?type=Domestic&from=England&to=Scotland&length=0&width=1&height=1&weight=1');
    expect(await screen.findByRole('heading', { name: 'Try different dimensions' })).toBeTruthy();
    expect(screen.getByText('Length must be more than 0')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/quotes')).toBe(false);
  });
});
