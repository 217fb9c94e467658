import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { boot } from './embed';
import { installConsign } from './snippet';

const CONSIGN = 'https://consign.example';
const SRC = `${CONSIGN}/widget/v1/consign.js`;
const TEST_KEY = 'pk_test_4eC39HqLyjWDarjtT1zdp7dc';
const LIVE_KEY = 'pk_live_51H8xYzAbCdEfGh';

let warn: MockInstance<typeof console.warn>;

beforeEach(() => {
  delete window.Consign;
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="a"><p>partner content</p></div><div id="b"></div>';
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
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
const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve));

function message(data: unknown, origin: string, source: Window | null = null) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

describe('boot', () => {
  it('replays the queued calls in the order they were made', () => {
    pasteAndCall(
      ['init', { publishableKey: TEST_KEY, selector: '#a' }],
      ['first-unknown'],
      ['destroy'],
      ['init', { publishableKey: TEST_KEY, selector: '#b' }],
      ['second-unknown'],
    );
    boot(window, null);

    // init, destroy, init: only the second mount survives, which needs the original order.
    expect(hostIn('#a')).toBeNull();
    expect(hostIn('#b')).not.toBeNull();
    const unknown = warnings().filter((w) => w.includes('Unknown command'));
    expect(unknown).toEqual([
      expect.stringContaining('"first-unknown"'),
      expect.stringContaining('"second-unknown"'),
    ]);
  });

  it('replaces the stub with the real function, which then runs calls directly', () => {
    pasteAndCall();
    const stub = window.Consign;
    boot(window, null);

    expect(window.Consign).not.toBe(stub);
    expect(window.Consign?.loaded).toBe(true);
    consign('init', { publishableKey: TEST_KEY, selector: '#a' });
    expect(hostIn('#a')).not.toBeNull();
  });

  it('forwards calls made later through a kept reference to the stub', () => {
    pasteAndCall();
    const stub = window.Consign!;
    boot(window, null);

    stub('init', { publishableKey: TEST_KEY, selector: '#b' });
    expect(hostIn('#b')).not.toBeNull();
  });

  it('survives the snippet being pasted again after the script loaded', () => {
    pasteAndCall();
    boot(window, null);
    const real = window.Consign;

    installConsign(window, document, SRC);
    consign('init', { publishableKey: TEST_KEY, selector: '#a' });

    expect(window.Consign).toBe(real);
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(hostIn('#a')).not.toBeNull();
  });

  it('leaves the first copy in charge when the script itself runs twice', () => {
    pasteAndCall(['init', { publishableKey: TEST_KEY, selector: '#a' }]);
    const first = boot(window, null);
    const second = boot(window, null);

    expect(second).toBe(first);
    expect(document.querySelectorAll('[data-consign-widget]')).toHaveLength(1);
  });
});

describe('bad calls', () => {
  beforeEach(() => {
    pasteAndCall();
    boot(window, null);
  });

  it.each([
    ['no command name', [42], 'starts with a command name'],
    ['init without options', ['init'], 'needs an options object'],
    ['a secret-looking key', ['init', { publishableKey: 'sk_live_abc', selector: '#a' }], 'publishableKey'],
    [
      'a key of the wrong shape',
      ['init', { publishableKey: 'pk_prod_abc', selector: '#a' }],
      'publishableKey',
    ],
    ['nowhere to mount', ['init', { publishableKey: TEST_KEY }], 'where to mount'],
    [
      'both container and selector',
      ['init', { publishableKey: TEST_KEY, selector: '#a', container: {} }],
      'not both',
    ],
    [
      'a container that is not an element',
      ['init', { publishableKey: TEST_KEY, container: '#a' }],
      'DOM element',
    ],
    [
      'an invalid selector',
      ['init', { publishableKey: TEST_KEY, selector: '##' }],
      'not a valid CSS selector',
    ],
    [
      'a selector that matches nothing',
      ['init', { publishableKey: TEST_KEY, selector: '#nope' }],
      'no element matches',
    ],
    [
      'an origin with a path',
      ['init', { publishableKey: TEST_KEY, selector: '#a', origin: `${CONSIGN}/x` }],
      'origin',
    ],
    [
      'an origin that is not http(s)',
      ['init', { publishableKey: TEST_KEY, selector: '#a', origin: 'javascript:1' }],
      'origin',
    ],
    ['an unknown theme', ['init', { publishableKey: TEST_KEY, selector: '#a', theme: 'neon' }], 'theme'],
    ['an unknown event', ['on', 'clicked', () => {}], 'unknown event "clicked"'],
    ['a handler that is not a function', ['on', 'ready', 'alert(1)'], 'must be a function'],
    ['open before init', ['open'], 'init'],
  ])('%s: warns, does not throw, mounts nothing', (_name, call, expected) => {
    expect(() => consign(...call)).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warnings()[0]).toContain(expected);
    expect(document.querySelector('[data-consign-widget]')).toBeNull();
  });

  it('warns on an unknown command and names the known ones', () => {
    expect(() => consign('book', { quoteId: 'q1' })).not.toThrow();
    expect(warnings()).toEqual([
      expect.stringMatching(/Unknown command "book".*init, on, off, open, destroy/),
    ]);
  });

  it('warns on a second init and keeps the first widget', () => {
    consign('init', { publishableKey: TEST_KEY, selector: '#a' });
    consign('init', { publishableKey: TEST_KEY, selector: '#b' });
    expect(hostIn('#a')).not.toBeNull();
    expect(hostIn('#b')).toBeNull();
    expect(warnings()).toEqual([expect.stringContaining('already initialised')]);
  });

  it('mounts despite unknown options, but says which were ignored', () => {
    consign('init', { publishableKey: TEST_KEY, selector: '#a', colour: 'red' });
    expect(hostIn('#a')).not.toBeNull();
    expect(warnings()).toEqual([expect.stringContaining('unknown options: colour')]);
  });
});

describe('init', () => {
  beforeEach(() => {
    pasteAndCall();
    boot(window, null);
  });

  it('mounts the panel in a shadow root inside the container, leaving its content alone', () => {
    consign('init', { publishableKey: TEST_KEY, selector: '#a' });

    const shadow = shadowOf('#a');
    expect(shadow).not.toBeNull();
    expect(document.querySelector('#a p')?.textContent).toBe('partner content');
    // The panel is not reachable from the page's DOM, only through the shadow root.
    expect(document.querySelector('.panel')).toBeNull();
    const heading = shadow?.querySelector('h2');
    expect(heading?.textContent).toBe('Get a courier quote');
    const section = shadow?.querySelector('section');
    expect(shadow?.getElementById(section?.getAttribute('aria-labelledby') ?? '')).toBe(heading);
    expect(shadow?.textContent).toContain('The quote form is coming soon');
  });

  it('keeps its styles inside the shadow root', () => {
    consign('init', { publishableKey: TEST_KEY, selector: '#a' });
    expect(shadowOf('#a')?.querySelector('style')).not.toBeNull();
    expect(document.querySelector('style')).toBeNull();
  });

  it('shows a Test mode badge for a pk_test_ key only', () => {
    consign('init', { publishableKey: TEST_KEY, selector: '#a' });
    expect(shadowOf('#a')?.querySelector('.badge')?.textContent).toBe('Test mode');
    consign('destroy');

    consign('init', { publishableKey: LIVE_KEY, selector: '#a' });
    expect(shadowOf('#a')?.querySelector('.badge')).toBeNull();
    expect(shadowOf('#a')?.textContent).not.toContain('Test mode');
  });

  it('accepts an element as container and sets the theme on the host', () => {
    const container = document.getElementById('b')!;
    consign('init', { publishableKey: LIVE_KEY, container, theme: 'dark' });
    expect(hostIn('#b')?.getAttribute('data-theme')).toBe('dark');
  });

  it('fires ready with the key mode to handlers queued after init', async () => {
    const ready = vi.fn();
    consign('init', { publishableKey: TEST_KEY, selector: '#a' });
    consign('on', 'ready', ready);
    await tick();
    expect(ready).toHaveBeenCalledExactlyOnceWith({ mode: 'test' });
  });

  it('keeps calling the other handlers when one throws', async () => {
    const later = vi.fn();
    consign('on', 'ready', () => {
      throw new Error('partner bug');
    });
    consign('on', 'ready', later);
    consign('init', { publishableKey: LIVE_KEY, selector: '#a' });
    await tick();
    expect(later).toHaveBeenCalledWith({ mode: 'live' });
    expect(warnings()).toEqual([expect.stringContaining('A handler for "ready" threw')]);
  });

  it('off removes a handler', async () => {
    const ready = vi.fn();
    consign('on', 'ready', ready);
    consign('off', 'ready', ready);
    consign('init', { publishableKey: TEST_KEY, selector: '#a' });
    await tick();
    expect(ready).not.toHaveBeenCalled();
  });
});

describe('open', () => {
  it('moves focus to the panel heading', () => {
    pasteAndCall(['init', { publishableKey: TEST_KEY, selector: '#a' }]);
    boot(window, null);
    consign('open');
    const shadow = shadowOf('#a');
    expect(shadow?.activeElement).toBe(shadow?.querySelector('h2'));
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('messages', () => {
  const handoff = { quoteId: 'q_1', optionId: 'o_2' };

  beforeEach(() => {
    pasteAndCall();
    boot(window, null);
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['a lookalike suffix', 'https://consign.example.evil.example'],
    ['a subdomain', 'https://www.consign.example'],
    ['plain http', 'http://consign.example'],
    ['another port', 'https://consign.example:8443'],
    ['the partner page itself', window.location.origin],
  ])('ignores messages from %s', async (_name, origin) => {
    const onHandoff = vi.fn();
    consign('on', 'booking:handoff', onHandoff);
    consign('init', { publishableKey: TEST_KEY, selector: '#a', origin: CONSIGN });
    message({ source: 'consign', type: 'booking:handoff', detail: handoff }, origin);
    expect(onHandoff).not.toHaveBeenCalled();
  });

  it('routes events from the Consign origin, passing only the documented fields', () => {
    const onHandoff = vi.fn();
    const onError = vi.fn();
    consign('on', 'booking:handoff', onHandoff);
    consign('on', 'error', onError);
    consign('init', { publishableKey: TEST_KEY, selector: '#a', origin: `${CONSIGN}/` });

    message({ source: 'consign', type: 'booking:handoff', detail: { ...handoff, secret: 'x' } }, CONSIGN);
    message(
      { source: 'consign', type: 'error', detail: { code: 'quote_expired', message: 'Expired' } },
      CONSIGN,
    );

    expect(onHandoff).toHaveBeenCalledExactlyOnceWith(handoff);
    expect(onError).toHaveBeenCalledExactlyOnceWith({ code: 'quote_expired', message: 'Expired' });
  });

  it('ignores malformed or foreign messages even from the Consign origin', () => {
    const onHandoff = vi.fn();
    consign('on', 'booking:handoff', onHandoff);
    consign('init', { publishableKey: TEST_KEY, selector: '#a', origin: CONSIGN });

    message({ source: 'other-lib', type: 'booking:handoff', detail: handoff }, CONSIGN);
    message({ source: 'consign', type: 'booking:handoff', detail: { quoteId: 1 } }, CONSIGN);
    message({ source: 'consign', type: 'ready', detail: { mode: 'live' } }, CONSIGN);
    message('booking:handoff', CONSIGN);
    expect(onHandoff).not.toHaveBeenCalled();
  });

  it('defaults to the origin the script was loaded from', () => {
    const onHandoff = vi.fn();
    consign('on', 'booking:handoff', onHandoff);
    consign('init', { publishableKey: TEST_KEY, selector: '#a' });

    message({ source: 'consign', type: 'booking:handoff', detail: handoff }, CONSIGN);
    expect(onHandoff).toHaveBeenCalledOnce();
  });

  it('answers a Consign checkout hello with its context, addressed to the Consign origin only', () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const checkout = frame.contentWindow!;
    const postMessage = vi.spyOn(checkout, 'postMessage').mockImplementation(() => {});
    consign('init', { publishableKey: TEST_KEY, selector: '#a', origin: CONSIGN });

    message({ source: 'consign', type: 'checkout:hello' }, 'https://evil.example', checkout);
    expect(postMessage).not.toHaveBeenCalled();

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

describe('destroy', () => {
  beforeEach(() => {
    pasteAndCall();
    boot(window, null);
  });

  it('unmounts the widget and gives the container back as it was', () => {
    consign('init', { publishableKey: TEST_KEY, selector: '#a' });
    consign('destroy');
    expect(document.querySelector('[data-consign-widget]')).toBeNull();
    expect(document.getElementById('a')?.innerHTML).toBe('<p>partner content</p>');
  });

  it('stops listening for messages and skips a pending ready', async () => {
    const onHandoff = vi.fn();
    const ready = vi.fn();
    consign('on', 'booking:handoff', onHandoff);
    consign('on', 'ready', ready);
    consign('init', { publishableKey: TEST_KEY, selector: '#a', origin: CONSIGN });
    consign('destroy');
    await tick();

    message({ source: 'consign', type: 'booking:handoff', detail: { quoteId: 'q', optionId: 'o' } }, CONSIGN);
    expect(onHandoff).not.toHaveBeenCalled();
    expect(ready).not.toHaveBeenCalled();
  });

  it('allows init again, and is a quiet no-op when nothing is mounted', () => {
    consign('destroy');
    consign('init', { publishableKey: TEST_KEY, selector: '#a' });
    consign('destroy');
    consign('init', { publishableKey: LIVE_KEY, selector: '#a' });
    expect(document.querySelectorAll('[data-consign-widget]')).toHaveLength(1);
    expect(warn).not.toHaveBeenCalled();
  });
});
