import { type CheckoutMessage, parseOrigin } from '@consign/shared/checkout-messages';
import { createWidgetApi } from './api';
import { listen } from './bridge';
import {
  type ConsignEventHandler,
  type ConsignEventMap,
  EVENT_NAMES,
  EventHub,
  isEventName,
  type KeyMode,
} from './events';
import { warn } from './log';
import { SCRIPT_ID } from './snippet';
import type { ConsignStub, QueuedCall } from './types';
import { type MountedPanel, mountPanel } from './ui/mount';
import type { QuoteDefaults } from './ui/QuoteWidget';

/** `Consign('init', { key, origin })`. */
export interface InitOptions {
  /** The partner's publishable key, `pk_live_…` or `pk_test_…`. */
  key: string;
  /** The Consign origin to talk to; defaults to the origin the script was loaded from. */
  origin?: string;
}

/** CSS variables partners may set; each maps to one `--consign-*` custom property. */
export interface Theme {
  mode?: 'light' | 'dark' | 'auto';
  accent?: string;
  background?: string;
  text?: string;
  muted?: string;
  border?: string;
  radius?: string;
  font?: string;
}

/** `Consign('quote', { target, defaults, theme })`. */
export interface QuoteOptions {
  /** Where to mount: an element or a CSS selector for one. */
  target: Element | string;
  defaults?: QuoteDefaults;
  theme?: Theme;
}

const COMMANDS = ['init', 'quote', 'on', 'off', 'open', 'destroy'] as const;
const MODES = ['light', 'dark', 'auto'];
const INIT_KEYS = ['key', 'origin'];
const QUOTE_KEYS = ['target', 'defaults', 'theme'];
const DEFAULT_KEYS = ['serviceType', 'from', 'to', 'fromPostcode', 'toPostcode', 'parcels'];
const THEME_VARS: Record<Exclude<keyof Theme, 'mode'>, string> = {
  accent: '--consign-accent',
  background: '--consign-bg',
  text: '--consign-fg',
  muted: '--consign-muted',
  border: '--consign-border',
  radius: '--consign-radius',
  font: '--consign-font',
};
const PUBLISHABLE_KEY = /^pk_(live|test)_[A-Za-z0-9_-]+$/;

interface Config {
  key: string;
  mode: KeyMode;
  origin: string;
}

interface Instance {
  host: HTMLElement;
  panel: MountedPanel;
  stopListening: () => void;
}

/**
 * Takes over `window.Consign`: replays the calls queued by the snippet in order, then handles
 * calls directly, and mounts every no-code `<div data-consign-quote data-key="pk_…">`.
 * Loading the script a second time is harmless: the first copy keeps running.
 */
export function boot(win: Window, script: Element | null = win.document.currentScript): ConsignStub {
  const existing = win.Consign;
  if (existing?.loaded) return existing;

  const widget = new Widget(win, scriptOrigin(win, script));
  const consign: ConsignStub = (...args: unknown[]) => widget.run(args);
  consign.loaded = true;

  const queued = Array.isArray(existing?.q) ? existing.q : [];
  win.Consign = consign;
  if (existing) {
    // A page may have kept a reference to the stub; its later calls are forwarded, not stranded.
    existing.q = {
      push: (call: QueuedCall) => {
        widget.run(Array.from(call));
        return 0;
      },
    };
  }
  for (const call of queued) widget.run(Array.from(call));
  widget.mountNoCode();
  return consign;
}

/**
 * Where Consign lives when `init` does not say: the origin of the script itself. The snippet's
 * tag is the fallback for when `currentScript` is unavailable (module scripts in development).
 */
function scriptOrigin(win: Window, script: Element | null): string {
  const candidates = [script, win.document.getElementById(SCRIPT_ID)];
  for (const element of candidates) {
    const src = element?.getAttribute('src');
    if (!src) continue;
    const origin = parseOrigin(new URL(src, win.location.href).origin);
    if (origin) return origin;
  }
  return win.location.origin;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function unknownKeys(where: string, value: Record<string, unknown>, known: string[]) {
  const extra = Object.keys(value).filter((key) => !known.includes(key));
  if (extra.length > 0)
    warn(`${where} ignores unknown options: ${extra.join(', ')}. Known: ${known.join(', ')}.`);
}

class Widget {
  private readonly events = new EventHub(warn);
  private config: Config | null = null;
  private instance: Instance | null = null;

  constructor(
    private readonly win: Window,
    private readonly defaultOrigin: string,
  ) {}

  run(args: unknown[]): void {
    const [command, ...rest] = args;
    if (typeof command !== 'string') {
      warn('Each call starts with a command name, as in Consign("init", { key }). Ignored:', command);
      return;
    }
    try {
      switch (command) {
        case 'init':
          this.init(rest[0]);
          break;
        case 'quote':
          this.quote(rest[0]);
          break;
        case 'on':
        case 'off':
          this.subscribe(command, rest[0], rest[1]);
          break;
        case 'open':
          this.open();
          break;
        case 'destroy':
          this.destroy();
          break;
        default:
          warn(`Unknown command "${command}". Commands: ${COMMANDS.join(', ')}.`);
      }
    } catch (err) {
      // A bug of ours (or a hostile page) must not surface as an exception in the partner's code.
      warn(`"${command}" failed.`, err);
    }
  }

  /** `<div data-consign-quote data-key="pk_…">`: init and quote from attributes, no script needed. */
  mountNoCode(): void {
    const element = this.win.document.querySelector('[data-consign-quote]');
    if (!element || this.instance) return;
    if (!this.config) this.init({ key: element.getAttribute('data-key') ?? undefined });
    this.quote({ target: element });
  }

  private init(raw: unknown): void {
    if (!isRecord(raw)) {
      warn('init needs an options object: Consign("init", { key: "pk_…" }).');
      return;
    }
    unknownKeys('init', raw, INIT_KEYS);
    const key = raw.key;
    if (typeof key !== 'string' || !PUBLISHABLE_KEY.test(key)) {
      warn('init needs key: the pk_live_… or pk_test_… key from your Consign partner settings. Got:', key);
      return;
    }
    let origin = this.defaultOrigin;
    if (raw.origin !== undefined) {
      const parsed = parseOrigin(raw.origin);
      if (!parsed) {
        warn(
          'init: origin must be a bare origin such as https://consign.example (no path). Got:',
          raw.origin,
        );
        return;
      }
      origin = parsed;
    }
    if (this.config && this.config.key !== key) {
      warn('init was already called with another key; the first key stays in use.');
      return;
    }
    this.config = { key, mode: key.startsWith('pk_test_') ? 'test' : 'live', origin };
  }

  private quote(raw: unknown): void {
    const config = this.config;
    if (!config) {
      warn('quote: call Consign("init", { key: "pk_…" }) first.');
      return;
    }
    if (this.instance) {
      warn('The quote widget is already mounted; call Consign("destroy") before mounting it again.');
      return;
    }
    if (!isRecord(raw)) {
      warn('quote needs an options object: Consign("quote", { target: "#consign" }).');
      return;
    }
    unknownKeys('quote', raw, QUOTE_KEYS);
    const container = this.resolveTarget(raw.target);
    if (!container) return;
    const defaults = isRecord(raw.defaults) ? raw.defaults : {};
    unknownKeys('quote defaults', defaults, DEFAULT_KEYS);
    const theme = isRecord(raw.theme) ? raw.theme : {};
    unknownKeys('quote theme', theme, ['mode', ...Object.keys(THEME_VARS)]);
    if (theme.mode !== undefined && !MODES.includes(theme.mode as string)) {
      warn(`quote: theme.mode must be one of ${MODES.join(', ')}. Got:`, theme.mode);
      return;
    }

    const doc = container.ownerDocument;
    const host = doc.createElement('div');
    host.setAttribute('data-consign-widget', '');
    host.setAttribute('data-theme', (theme.mode as string | undefined) ?? 'light');
    for (const [name, variable] of Object.entries(THEME_VARS)) {
      if (typeof theme[name] === 'string') host.style.setProperty(variable, theme[name] as string);
    }
    // The host is ours, not the partner's container: a shadow root cannot be detached, so owning
    // the host is what lets destroy() and a later quote() leave the container as it was.
    container.appendChild(host);
    const shadow = host.attachShadow({ mode: 'open' });

    const handlers = new Set<(message: CheckoutMessage) => void>();
    // Only the checkout frame this mount opened may speak to it.
    const isCheckoutFrame = (source: MessageEventSource | null) =>
      source !== null &&
      [...shadow.querySelectorAll('iframe')].some((frame) => frame.contentWindow === source);
    const stopListening = listen(this.win, config.origin, isCheckoutFrame, (message, reply) => {
      if (message.type === 'checkout:hello') {
        reply({
          source: 'consign-widget',
          type: 'widget:context',
          detail: { publishableKey: config.key, pageOrigin: this.win.location.origin },
        });
      } else {
        for (const handler of handlers) handler(message);
      }
    });
    const emit = <E extends keyof ConsignEventMap>(event: E, detail: ConsignEventMap[E]) => {
      this.events.emit(event, detail);
      host.dispatchEvent(new CustomEvent(`consign:${event}`, { detail, bubbles: true, composed: true }));
    };
    const pageOrigin = this.win.location.origin;
    const panel = mountPanel(shadow, {
      mode: config.mode,
      consignOrigin: config.origin,
      api: createWidgetApi(config.origin, config.key, this.win.fetch.bind(this.win)),
      defaults: defaults as QuoteDefaults,
      emit,
      checkoutUrl: (quote, option) =>
        `${config.origin}/embed/checkout?${new URLSearchParams({ key: config.key, quote, option, origin: pageOrigin })}`,
      onCheckoutMessage: (handler) => {
        handlers.add(handler);
        return () => handlers.delete(handler);
      },
    });

    // `ready` (or `error`) is fired by the panel once Consign has answered for this key and page.
    this.instance = { host, panel, stopListening };
  }

  private resolveTarget(target: unknown): Element | null {
    // nodeType rather than instanceof: elements from another frame fail instanceof Element.
    if (isRecord(target) && (target as unknown as Node).nodeType === 1) return target as unknown as Element;
    if (typeof target !== 'string' || target.trim() === '') {
      warn('quote needs target: an element, or a CSS selector such as "#consign". Got:', target);
      return null;
    }
    let element: Element | null;
    try {
      element = this.win.document.querySelector(target);
    } catch {
      warn(`quote: target "${target}" is not a valid CSS selector.`);
      return null;
    }
    if (!element) warn(`quote: no element matches "${target}". Call quote after that element exists.`);
    return element;
  }

  private subscribe(kind: 'on' | 'off', event: unknown, handler: unknown): void {
    if (!isEventName(event)) {
      warn(`${kind}: unknown event ${JSON.stringify(event)}. Events: ${EVENT_NAMES.join(', ')}.`);
      return;
    }
    if (typeof handler !== 'function') {
      warn(`${kind}("${event}", handler): handler must be a function.`);
      return;
    }
    const typed = handler as ConsignEventHandler<typeof event>;
    if (kind === 'on') this.events.on(event, typed);
    else this.events.off(event, typed);
  }

  private open(): void {
    if (!this.instance) {
      warn('open: call Consign("quote", { target }) first.');
      return;
    }
    this.instance.panel.focus();
  }

  /**
   * Removes the widget and its message listener and forgets the key. Handlers registered with
   * `on` stay (they were registered on Consign, often before init) until `off`. Calling it when nothing is mounted is
   * a no-op, so single-page apps can call it from every cleanup.
   */
  private destroy(): void {
    this.config = null;
    const instance = this.instance;
    if (!instance) return;
    this.instance = null;
    instance.stopListening();
    instance.panel.unmount();
    instance.host.remove();
  }
}
