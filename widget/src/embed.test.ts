import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { boot } from './embed';
import { installConsign } from './snippet';
import { QUOTE, REFERENCE } from './ui/fixtures';

const CONSIGN = 'https://consign.example';
const SRC = `${CONSIGN}/widget/v1/consign.js`;
const TEST_KEY = 'pk_test_4eC39HqLyjWDarjtT1zdp7dc';
const LIVE_KEY = 'pk_live_51H8xYzAbCdEfGh';

let warn: MockInstance<typeof console.warn>;
let fetchMock: ReturnType<typeof vi.fn>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  delete window.Consign;
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="a"><p>partner content</p></div><div id="b"></div>';
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  fetchMock = vi.fn(async (url: string) => (url.endsWith('/meta') ? json(200, REFERENCE) : json(201, QUOTE)));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  window.Consign?.('destroy');
});

/** The partner's page as it is before the script arrives: the snippet, then some calls. */
function pasteAndCall(...calls: unknown[][]) {
  installConsign(window, document, SRC);
  for (const call of calls) window.Consign?.(...call);
}

const consign = (...args: unknown[]) => window.Consign?.(...args);
const hostIn = (selector: string) =>
  document.querySelector(selector)?.querySelector<HTMLElement>('[data-consign-widget]') ?? null;
const shadowOf = (selector: string) => hostIn(selector)?.shadowRoot ?? null;
const warnings = () => warn.mock.calls.map((call) => String(call[0]));
/** Waits for a condition as long as a busy machine needs (bounded by the test timeout), no fixed sleep. */
const until = (check: () => boolean) =>
  vi.waitFor(() => expect(check()).toBe(true), { timeout: 15_000, interval: 5 });

function message(data: unknown, origin: string, source: Window | null = null) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

function mount(selector = '#a', key = TEST_KEY, extra: Record<string, unknown> = {}) {
  consign('init', { key });
  consign('quote', { target: selector, ...extra });
}

/** Types into the parcel fields, then lets Preact render the new state before the test submits. */
async function fill(shadow: ShadowRoot, values: string[]) {
  const inputs = shadow.querySelectorAll<HTMLInputElement>('fieldset input');
  values.forEach((value, i) => {
    inputs[i]!.value = value;
    inputs[i]!.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await new Promise((resolve) => setTimeout(resolve));
}

describe('boot', () => {
  it('replays the queued calls in the order they were made', () => {
    pasteAndCall(
      ['init', { key: TEST_KEY }],
      ['quote', { target: '#a' }],
      ['first-unknown'],
      ['destroy'],
      ['init', { key: TEST_KEY }],
      ['quote', { target: '#b' }],
    );
    boot(window, null);
    expect(hostIn('#a')).toBeNull();
    expect(hostIn('#b')).not.toBeNull();
    expect(warnings()).toEqual([expect.stringContaining('Unknown command "first-unknown"')]);
  });

  it('forwards calls made later through a kept reference to the stub', () => {
    pasteAndCall();
    const stub = window.Consign!;
    boot(window, null);
    expect(window.Consign).not.toBe(stub);
    stub('init', { key: TEST_KEY });
    stub('quote', { target: '#b' });
    expect(hostIn('#b')).not.toBeNull();
  });

  it('survives the snippet being pasted again after the script loaded: one script, one Consign', () => {
    pasteAndCall();
    boot(window, null);
    const real = window.Consign;
    installConsign(window, document, SRC);
    mount();
    expect(window.Consign).toBe(real);
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(hostIn('#a')).not.toBeNull();
  });

  it('leaves the first copy in charge when the script itself runs twice', () => {
    pasteAndCall(['init', { key: TEST_KEY }], ['quote', { target: '#a' }]);
    const first = boot(window, null);
    expect(boot(window, null)).toBe(first);
    expect(document.querySelectorAll('[data-consign-widget]')).toHaveLength(1);
  });

  it('mounts the no-code form <div data-consign-quote data-key>', () => {
    document.body.innerHTML = `<div id="c" data-consign-quote data-key="${LIVE_KEY}"></div>`;
    pasteAndCall();
    boot(window, null);
    expect(hostIn('#c')).not.toBeNull();
    expect(shadowOf('#c')?.querySelector('.badge')).toBeNull();
  });
});

describe('bad configuration is reported, never thrown', () => {
  beforeEach(() => {
    pasteAndCall();
    boot(window, null);
  });

  it.each([
    ['no command name', [[42]], 'starts with a command name'],
    ['init without options', [['init']], 'needs an options object'],
    ['no key', [['init', {}]], 'init needs key'],
    ['a secret-looking key', [['init', { key: 'sk_live_abc' }]], 'init needs key'],
    ['quote before init', [['quote', { target: '#a' }]], 'call Consign("init"'],
    [
      'a target not found',
      [
        ['init', { key: TEST_KEY }],
        ['quote', { target: '#nope' }],
      ],
      'no element matches "#nope"',
    ],
    [
      'an invalid selector',
      [
        ['init', { key: TEST_KEY }],
        ['quote', { target: '##' }],
      ],
      'not a valid CSS selector',
    ],
    [
      'no target',
      [
        ['init', { key: TEST_KEY }],
        ['quote', {}],
      ],
      'quote needs target',
    ],
    ['an origin with a path', [['init', { key: TEST_KEY, origin: `${CONSIGN}/x` }]], 'bare origin'],
    [
      'an unknown theme mode',
      [
        ['init', { key: TEST_KEY }],
        ['quote', { target: '#a', theme: { mode: 'neon' } }],
      ],
      'theme.mode',
    ],
    ['an unknown event', [['on', 'clicked', () => {}]], 'unknown event "clicked"'],
    ['a handler that is not a function', [['on', 'ready', 'alert(1)']], 'must be a function'],
  ])('%s', (_name, calls, expected) => {
    expect(() => {
      for (const call of calls) consign(...call);
    }).not.toThrow();
    expect(warnings()).toEqual([expect.stringContaining(expected)]);
    expect(document.querySelector('[data-consign-widget]')).toBeNull();
  });

  it('mounts despite unknown options, but says what was given and what is known', () => {
    consign('init', { key: TEST_KEY, colour: 'red' });
    consign('quote', { target: '#a' });
    expect(hostIn('#a')).not.toBeNull();
    expect(warnings()).toEqual([expect.stringMatching(/unknown options: colour\. Known: key, origin/)]);
  });

  it('logs why the API refused the key for the developer, fires error not ready, and tells the shopper only that quotes are unavailable', async () => {
    fetchMock.mockImplementation(async () =>
      json(403, {
        status: 403,
        code: 'origin_not_allowed',
        detail: 'This publishable key does not work on http://x; add it to the allowed origins',
      }),
    );
    const onError = vi.fn();
    const onReady = vi.fn();
    consign('on', 'error', onError);
    consign('on', 'ready', onReady);
    mount();
    await until(() => onError.mock.calls.length > 0);
    expect(onError).toHaveBeenCalledExactlyOnceWith({
      code: 'origin_not_allowed',
      message: expect.stringContaining('does not work'),
    });
    expect(onReady).not.toHaveBeenCalled();
    expect(warnings()).toEqual([expect.stringContaining('does not work on http://x')]);
    const shadow = shadowOf('#a')!;
    await until(() => shadow.querySelector('[role="status"]') !== null);
    expect(shadow.querySelector('[role="status"]')?.textContent).toBe('Quotes are unavailable.');
    // No form to fill in, and nothing of the developer's instructions on the page.
    expect(shadow.querySelector('form')).toBeNull();
    expect(shadow.textContent).not.toContain('allowed origins');
    expect(shadow.textContent).not.toContain('does not work');
  });

  it('says the same quietly when Consign cannot be reached, and warns the developer', async () => {
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    const onError = vi.fn();
    consign('on', 'error', onError);
    mount();
    await until(() => onError.mock.calls.length > 0);
    expect(onError).toHaveBeenCalledWith({
      code: 'network',
      message: expect.stringContaining('Could not reach'),
    });
    expect(warnings()).toEqual([expect.stringContaining('Could not reach Consign at')]);
    expect(shadowOf('#a')?.textContent).toContain('Quotes are unavailable.');
  });

  it('turns quiet when the key is refused on the quote itself', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/meta')
        ? json(200, REFERENCE)
        : json(401, {
            status: 401,
            code: 'invalid_publishable_key',
            detail: 'Unknown publishable key pk_test_…',
          }),
    );
    const onError = vi.fn();
    consign('on', 'error', onError);
    mount();
    const shadow = shadowOf('#a')!;
    await until(() => fetchMock.mock.calls.length === 1);
    await fill(shadow, ['30', '20', '15', '2']);
    shadow.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await until(() => onError.mock.calls.length > 0);
    await until(() => shadow.textContent?.includes('Quotes are unavailable.') === true);
    expect(shadow.textContent).not.toContain('Unknown publishable key');
  });
});

describe('quote', () => {
  beforeEach(() => {
    pasteAndCall();
    boot(window, null);
  });

  it('renders in a shadow root with its own styles, leaving the container content alone', () => {
    mount();
    const shadow = shadowOf('#a');
    expect(document.querySelector('#a p')?.textContent).toBe('partner content');
    expect(shadow?.querySelector('style')).not.toBeNull();
    expect(document.querySelector('style')).toBeNull();
    expect(shadow?.querySelector('h2')?.textContent).toBe('Get a courier quote');
    expect(shadow?.querySelector('.badge')?.textContent).toBe('Test mode');
  });

  it('applies the theme as CSS variables on the host', () => {
    mount('#a', TEST_KEY, { theme: { mode: 'dark', accent: '#ff0066', radius: '0' } });
    const host = hostIn('#a')!;
    expect(host.getAttribute('data-theme')).toBe('dark');
    expect(host.style.getPropertyValue('--consign-accent')).toBe('#ff0066');
    expect(host.style.getPropertyValue('--consign-radius')).toBe('0');
  });

  it('asks for quotes with the key, shows results with VAT, and fires events to on() and the DOM', async () => {
    const requested = vi.fn();
    const results = vi.fn();
    const domResults = vi.fn();
    consign('on', 'quote:requested', requested);
    consign('on', 'quote:results', results);
    document.addEventListener('consign:quote:results', (e) => domResults((e as CustomEvent).detail));
    mount('#a', TEST_KEY, { defaults: { from: 'England', to: 'Scotland' } });
    const shadow = shadowOf('#a')!;
    await until(() => fetchMock.mock.calls.length === 1);
    await fill(shadow, ['30', '20', '15', '2']);
    shadow.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await until(() => results.mock.calls.length === 1);

    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe(`${CONSIGN}/api/v1/quotes`);
    expect(init.headers['X-Publishable-Key']).toBe(TEST_KEY);
    expect(init.credentials).toBe('omit');
    expect(JSON.parse(init.body)).toEqual({
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      parcels: [{ length: 30, width: 20, height: 15, weight: 2 }],
    });
    expect(requested).toHaveBeenCalledWith({ serviceType: 'domestic', parcels: 1 });
    expect(results).toHaveBeenCalledWith({ quoteId: 'q1', options: 2, expiresAt: QUOTE.expiresAt });
    expect(domResults).toHaveBeenCalledWith({ quoteId: 'q1', options: 2, expiresAt: QUOTE.expiresAt });
    await until(() => shadow.querySelectorAll('.result').length === 2);
    // Cheapest first; prices include VAT.
    expect(shadow.querySelector('.result strong')?.textContent).toBe('Economy');
    expect(shadow.querySelector('.result .price')?.textContent).toContain('£5.99');
    expect(shadow.querySelector('.result .price')?.textContent).toContain('VAT');
    // Measured scores: "New" below 3 reviews, the average and on-time share otherwise.
    const scores = () => [...shadow.querySelectorAll('[data-testid="scores"]')].map((s) => s.textContent);
    expect(scores()).toEqual(['New (1 review)', '★ 4.6 (12 reviews) · 94% on time']);
    // The courier's record of adjustments and claims, in the portal's words (issue 49): nothing
    // claimed below 10 orders, the share accepted from 3 decided claims.
    expect([...shadow.querySelectorAll('[data-testid="record"]')].map((s) => s.textContent)).toEqual([
      'Adjustments and claims: Not enough orders yet',
      '0.3% of orders adjusted · 1.3 claims per 100 orders · 67% of claims accepted (last 90 days, 300 orders)',
    ]);
    // How each parcel starts, from the service, instead of a fixed "Printer Required".
    expect([...shadow.querySelectorAll('[data-testid="handover"]')].map((s) => s.textContent)).toEqual([
      'Drop off at a point · No printer needed',
      'Collection or drop-off · Printer required',
    ]);
    const sort = shadow.querySelector('.field--inline select') as HTMLSelectElement;
    sort.value = 'rating';
    sort.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => shadow.querySelector('.result strong')?.textContent === 'Next Day');
  });

  it('refuses an empty parcel without calling Consign', async () => {
    mount();
    const shadow = shadowOf('#a')!;
    await until(() => fetchMock.mock.calls.length === 1);
    shadow.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await until(() => shadow.querySelector('[role="alert"]') !== null);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('booking through the checkout iframe', () => {
  beforeEach(() => {
    pasteAndCall();
    boot(window, null);
  });

  async function openCheckout() {
    mount();
    const shadow = shadowOf('#a')!;
    await until(() => fetchMock.mock.calls.length === 1);
    await fill(shadow, ['30', '20', '15', '2']);
    shadow.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await until(() => shadow.querySelectorAll('.result button').length === 2);
    // As a real click would, the Book button takes focus first.
    const book = shadow.querySelector<HTMLButtonElement>('.result button')!;
    book.focus();
    book.click();
    await until(() => shadow.querySelector('iframe') !== null);
    return shadow;
  }

  /**
   * The checkout frame's window. The test DOM gives a frame inside a shadow root no window of its
   * own, so the frame is given the window of a real frame in the document, as a browser would.
   */
  function checkoutWindowOf(shadow: ShadowRoot): Window {
    const stand = document.createElement('iframe');
    document.body.append(stand);
    const win = stand.contentWindow!;
    Object.defineProperty(shadow.querySelector('iframe')!, 'contentWindow', { get: () => win });
    return win;
  }

  const completed = { orderId: 'ord_1', reference: '#12345678', total: 599, currency: 'GBP' };
  /** The checkout's signed link to the order and its summary: for the shopper, not the partner. */
  const order = {
    token: 'eyJvIjoib3JkXzEifQ.c2lnbmVk',
    summary: {
      serviceName: 'Economy',
      vendorName: 'Swift Couriers Ltd',
      collectionDate: '2026-05-07',
      from: 'London',
      to: 'Paris, France',
    },
  };
  const orderLink = `${CONSIGN}/order-view?token=${order.token}`;

  it('opens the Consign checkout for the option, with the key and this page origin', async () => {
    const started = vi.fn();
    consign('on', 'booking:started', started);
    const shadow = await openCheckout();
    const src = new URL(shadow.querySelector('iframe')!.src);
    expect(src.origin + src.pathname).toBe(`${CONSIGN}/embed/checkout`);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      key: TEST_KEY,
      quote: 'q1',
      option: 'o2',
      origin: window.location.origin,
    });
    expect(started).toHaveBeenCalledWith({ quoteId: 'q1', optionId: 'o2' });
  });

  it('ignores a completion message from a foreign origin or another window, and takes the one from the checkout frame', async () => {
    const done = vi.fn();
    consign('on', 'booking:completed', done);
    const shadow = await openCheckout();
    const checkout = checkoutWindowOf(shadow);
    // Another window on the Consign origin (a frame or tab the page opened itself) is not the checkout.
    const other = document.createElement('iframe');
    document.body.append(other);

    message(
      { source: 'consign', type: 'booking:completed', detail: completed },
      'https://evil.example',
      checkout,
    );
    message(
      { source: 'consign', type: 'booking:completed', detail: completed },
      `${CONSIGN}.evil.example`,
      checkout,
    );
    message({ source: 'other', type: 'booking:completed', detail: completed }, CONSIGN, checkout);
    message(
      { source: 'consign', type: 'booking:completed', detail: { ...completed, total: '599' } },
      CONSIGN,
      checkout,
    );
    message({ source: 'consign', type: 'booking:completed', detail: completed }, CONSIGN);
    message(
      { source: 'consign', type: 'booking:completed', detail: completed },
      CONSIGN,
      other.contentWindow,
    );
    message({ source: 'consign', type: 'booking:completed', detail: completed }, CONSIGN, window);
    expect(done).not.toHaveBeenCalled();
    other.remove();

    message(
      { source: 'consign', type: 'booking:completed', detail: { ...completed, extra: 'x' } },
      CONSIGN,
      checkout,
    );
    expect(done).toHaveBeenCalledExactlyOnceWith(completed);
    await until(() => shadow.querySelector('.booked') !== null);
    expect(shadow.querySelector('.booked')?.textContent).toContain('#12345678');
  });

  it('reports booking:cancelled when the visitor closes the modal', async () => {
    const cancelled = vi.fn();
    consign('on', 'booking:cancelled', cancelled);
    const shadow = await openCheckout();
    shadow.querySelector<HTMLButtonElement>('.modal-head button')!.click();
    expect(cancelled).toHaveBeenCalledWith({ quoteId: 'q1', optionId: 'o2' });
    await until(() => shadow.querySelector('iframe') === null);
  });

  it('never reports booking:cancelled once the payment was approved: closing hides the checkout until the capture is reported', async () => {
    const cancelled = vi.fn();
    const done = vi.fn();
    consign('on', 'booking:cancelled', cancelled);
    consign('on', 'booking:completed', done);
    const shadow = await openCheckout();
    const checkout = checkoutWindowOf(shadow);
    message({ source: 'consign', type: 'payment:approved', detail: { orderId: 'ord_1' } }, CONSIGN, checkout);
    await new Promise((resolve) => setTimeout(resolve));
    shadow.querySelector<HTMLButtonElement>('.modal-head button')!.click();
    await until(() => shadow.querySelector<HTMLElement>('.overlay')?.hidden === true);
    // The frame is still there, finishing the payment; a late "cancelled" from it changes nothing.
    expect(shadow.querySelector('iframe')).not.toBeNull();
    message({ source: 'consign', type: 'booking:cancelled' }, CONSIGN, checkout);
    expect(cancelled).not.toHaveBeenCalled();

    message({ source: 'consign', type: 'booking:completed', detail: completed, order }, CONSIGN, checkout);
    // Partner handlers get the booking's four fields, never the shopper's signed link.
    expect(done).toHaveBeenCalledExactlyOnceWith(completed);
    await until(() => shadow.querySelector('iframe') === null);
    const note = shadow.querySelector('.booked-note')!;
    expect(note.textContent).toContain('#12345678');
    expect(note.textContent).toContain('Economy by Swift Couriers Ltd');
    expect(note.querySelector('a')?.href).toBe(orderLink);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('shows the order summary and its signed link in the Booked dialog; closing it is not a cancellation', async () => {
    const cancelled = vi.fn();
    consign('on', 'booking:cancelled', cancelled);
    const shadow = await openCheckout();
    const checkout = checkoutWindowOf(shadow);
    message({ source: 'consign', type: 'booking:completed', detail: completed, order }, CONSIGN, checkout);
    await until(() => shadow.querySelector('.booked') !== null);
    expect(shadow.querySelector('.modal-head')?.textContent).toContain('Booked');
    const facts = [...shadow.querySelectorAll('.booked dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(facts).toEqual([
      ['Courier', 'Economy by Swift Couriers Ltd'],
      // The day as the results show delivery days (the comma is the ICU version's).
      ['Collection', expect.stringMatching(/^Thu,? 7 May$/)],
      ['From', 'London'],
      ['To', 'Paris, France'],
      ['Paid', '£5.99'],
    ]);
    expect(shadow.querySelector('.booked')?.textContent).toContain('Order #12345678 is booked and paid.');
    const link = shadow.querySelector<HTMLAnchorElement>('.booked a')!;
    expect(link.textContent).toBe('View order #12345678 and its label on Consign');
    expect(link.href).toBe(orderLink);
    expect(link.target).toBe('_blank');
    expect(link.rel).toBe('noopener noreferrer');
    shadow.querySelector<HTMLButtonElement>('.modal-head button')!.click();
    await until(() => shadow.querySelector('.overlay') === null);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('without a signed link (an older checkout), shows the booking and price with no link to a signed-out page', async () => {
    const shadow = await openCheckout();
    const checkout = checkoutWindowOf(shadow);
    message({ source: 'consign', type: 'booking:completed', detail: completed }, CONSIGN, checkout);
    await until(() => shadow.querySelector('.booked') !== null);
    expect(shadow.querySelector('.booked')?.textContent).toContain('Order #12345678 is booked and paid.');
    expect(shadow.querySelector('.booked dd')?.textContent).toBe('£5.99');
    expect(shadow.querySelector('.booked a')).toBeNull();
  });

  // Issue 51, item 16: Escape closes the modal from anywhere inside it (the frame's own Escape is
  // the checkout:escape message, tested in portal/src/e2e/widget-checkout.spec.ts).
  it.each([
    ['the Close button', (shadow: ShadowRoot) => shadow.querySelector<HTMLElement>('.modal-head button')!],
    ['the focus sentinel', (shadow: ShadowRoot) => shadow.querySelector<HTMLElement>('.focus-sentinel')!],
    ['the modal itself', (shadow: ShadowRoot) => shadow.querySelector<HTMLElement>('.modal')!],
  ])('closes the checkout on Escape pressed on %s: before payment a cancellation', async (_where, target) => {
    const cancelled = vi.fn();
    consign('on', 'booking:cancelled', cancelled);
    const shadow = await openCheckout();
    target(shadow).dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }),
    );
    await until(() => shadow.querySelector('.overlay') === null);
    expect(cancelled).toHaveBeenCalledExactlyOnceWith({ quoteId: 'q1', optionId: 'o2' });
    expect(shadow.activeElement).toBe(shadow.querySelector('.result button'));
  });

  it('closes on Escape from the frame (checkout:escape) and from the Booked summary, which keeps the booking', async () => {
    const shadow = await openCheckout();
    const checkout = checkoutWindowOf(shadow);
    message({ source: 'consign', type: 'checkout:escape' }, CONSIGN, checkout);
    await until(() => shadow.querySelector('.overlay') === null);

    shadow.querySelector<HTMLButtonElement>('.result button')!.click();
    await until(() => shadow.querySelector('iframe') !== null);
    const again = checkoutWindowOf(shadow);
    message({ source: 'consign', type: 'booking:completed', detail: completed, order }, CONSIGN, again);
    await until(() => shadow.querySelector('.booked') !== null);
    const booked = shadow.querySelector<HTMLElement>('.booked')!;
    booked.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await until(() => shadow.querySelector('.overlay') === null);
    // The booking stays on the page under the results.
    expect(shadow.querySelector('.booked-note a')?.getAttribute('href')).toBe(orderLink);
    // A key other than Escape closes nothing.
    shadow.querySelector<HTMLButtonElement>('.result button')!.click();
    await until(() => shadow.querySelector('iframe') !== null);
    shadow
      .querySelector<HTMLElement>('.modal-head button')!
      .dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(shadow.querySelector('.overlay')).not.toBeNull();
  });

  it('keeps focus inside the dialog and gives it back to the Book button on close', async () => {
    const shadow = await openCheckout();
    const close = shadow.querySelector<HTMLButtonElement>('.modal-head button')!;
    const frame = shadow.querySelector('iframe')!;
    await until(() => shadow.activeElement === close);
    const [before, after] = shadow.querySelectorAll<HTMLElement>('.focus-sentinel');
    // Tab past the checkout frame wraps to Close; Shift+Tab before Close wraps to the frame.
    after!.focus();
    expect(shadow.activeElement).toBe(close);
    before!.focus();
    expect(shadow.activeElement).toBe(frame);

    close.click();
    await until(() => shadow.querySelector('iframe') === null);
    expect(shadow.activeElement).toBe(shadow.querySelector('.result button'));
  });

  it('answers a checkout hello from its checkout frame with its context, addressed to the Consign origin only', async () => {
    const shadow = await openCheckout();
    const checkout = checkoutWindowOf(shadow);
    const postMessage = vi.spyOn(checkout, 'postMessage').mockImplementation(() => {});
    const stranger = document.createElement('iframe');
    document.body.append(stranger);
    const strangerPost = vi.spyOn(stranger.contentWindow!, 'postMessage').mockImplementation(() => {});
    message({ source: 'consign', type: 'checkout:hello' }, 'https://evil.example', checkout);
    message({ source: 'consign', type: 'checkout:hello' }, CONSIGN, stranger.contentWindow);
    expect(postMessage).not.toHaveBeenCalled();
    expect(strangerPost).not.toHaveBeenCalled();
    stranger.remove();
    message({ source: 'consign', type: 'checkout:hello' }, CONSIGN, checkout);
    expect(postMessage).toHaveBeenCalledExactlyOnceWith(
      {
        source: 'consign-widget',
        type: 'widget:context',
        detail: { publishableKey: TEST_KEY, pageOrigin: window.location.origin },
      },
      CONSIGN,
    );
  });
});

describe('ready, open and destroy', () => {
  beforeEach(() => {
    pasteAndCall();
    boot(window, null);
  });

  it('fires ready with the key mode, once Consign accepted the key, to handlers queued after quote', async () => {
    const ready = vi.fn();
    mount();
    consign('on', 'ready', ready);
    await until(() => ready.mock.calls.length > 0);
    expect(ready).toHaveBeenCalledExactlyOnceWith({ mode: 'test' });
    expect(fetchMock.mock.calls[0]![0]).toBe(`${CONSIGN}/api/v1/meta`);
  });

  it('open moves focus to the heading', () => {
    mount();
    consign('open');
    const shadow = shadowOf('#a');
    expect(shadow?.activeElement).toBe(shadow?.querySelector('h2'));
  });

  it('destroy gives the container back as it was and allows a new init', () => {
    mount();
    consign('destroy');
    expect(document.querySelector('[data-consign-widget]')).toBeNull();
    expect(document.getElementById('a')?.innerHTML).toBe('<p>partner content</p>');
    mount('#a', LIVE_KEY);
    expect(document.querySelectorAll('[data-consign-widget]')).toHaveLength(1);
    expect(warn).not.toHaveBeenCalled();
  });
});
