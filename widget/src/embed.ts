import { listen, parseOrigin } from './bridge';
import { type ConsignEventHandler, EVENT_NAMES, EventHub, isEventName, type KeyMode } from './events';
import { warn } from './log';
import { SCRIPT_ID } from './snippet';
import type { ConsignStub, QueuedCall } from './types';
import { type MountedPanel, mountPanel } from './ui/mount';

export type Theme = 'light' | 'dark' | 'auto';

export interface InitOptions {
  /** The partner's publishable key, `pk_live_…` or `pk_test_…`. */
  publishableKey: string;
  /** Where to mount: an element, or a CSS selector for one. Exactly one of the two. */
  container?: Element;
  selector?: string;
  /** The Consign origin to talk to; defaults to the origin the script was loaded from. */
  origin?: string;
  theme?: Theme;
}

const COMMANDS = ['init', 'on', 'off', 'open', 'destroy'] as const;
const THEMES: readonly Theme[] = ['light', 'dark', 'auto'];
const INIT_KEYS = ['publishableKey', 'container', 'selector', 'origin', 'theme'];
const PUBLISHABLE_KEY = /^pk_(live|test)_[A-Za-z0-9_-]+$/;

interface ResolvedInit {
  publishableKey: string;
  mode: KeyMode;
  container: Element;
  origin: string;
  theme: Theme;
}

interface Instance {
  host: HTMLElement;
  panel: MountedPanel;
  stopListening: () => void;
}

/**
 * Takes over `window.Consign`: replays the calls queued by the snippet in order, then handles
 * calls directly. Loading the script a second time is harmless: the first copy keeps running.
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

class Widget {
  private readonly events = new EventHub(warn);
  private instance: Instance | null = null;

  constructor(
    private readonly win: Window,
    private readonly defaultOrigin: string,
  ) {}

  run(args: unknown[]): void {
    const [command, ...rest] = args;
    if (typeof command !== 'string') {
      warn('Each call starts with a command name, as in Consign("init", { … }). Ignored:', command);
      return;
    }
    try {
      switch (command) {
        case 'init':
          this.init(rest[0]);
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

  private init(raw: unknown): void {
    if (this.instance) {
      warn('The widget is already initialised; call Consign("destroy") before initialising it again.');
      return;
    }
    const options = this.resolveInit(raw);
    if (!options) return;

    const doc = options.container.ownerDocument;
    const host = doc.createElement('div');
    host.setAttribute('data-consign-widget', '');
    host.setAttribute('data-theme', options.theme);
    // The host is ours, not the partner's container: a shadow root cannot be detached, so owning
    // the host is what lets destroy() and a later init() leave the container as it was.
    options.container.appendChild(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const panel = mountPanel(shadow, { mode: options.mode, consignOrigin: options.origin });

    const stopListening = listen(this.win, options.origin, (message, reply) => {
      if (message.type === 'checkout:hello') {
        reply({
          source: 'consign-widget',
          type: 'widget:context',
          detail: { publishableKey: options.publishableKey, pageOrigin: this.win.location.origin },
        });
      } else {
        this.events.emit(message.type, message.detail);
      }
    });

    const instance: Instance = { host, panel, stopListening };
    this.instance = instance;
    // Later: the rest of the queued batch (typically `on('ready', …)`) runs first.
    queueMicrotask(() => {
      if (this.instance === instance) this.events.emit('ready', { mode: options.mode });
    });
  }

  private resolveInit(raw: unknown): ResolvedInit | null {
    if (typeof raw !== 'object' || raw === null) {
      warn('init needs an options object: Consign("init", { publishableKey, selector }).');
      return null;
    }
    const options = raw as Record<string, unknown>;
    const unknownKeys = Object.keys(options).filter((key) => !INIT_KEYS.includes(key));
    if (unknownKeys.length > 0) {
      warn(`init ignores unknown options: ${unknownKeys.join(', ')}. Known: ${INIT_KEYS.join(', ')}.`);
    }

    const key = options.publishableKey;
    if (typeof key !== 'string' || !PUBLISHABLE_KEY.test(key)) {
      warn('init needs publishableKey: the pk_live_… or pk_test_… key from your Consign partner settings.');
      return null;
    }

    const container = this.resolveContainer(options.container, options.selector);
    if (!container) return null;

    let origin = this.defaultOrigin;
    if (options.origin !== undefined) {
      const parsed = parseOrigin(options.origin);
      if (!parsed) {
        warn(
          'init: origin must be a bare origin such as https://consign.example (no path). Got:',
          options.origin,
        );
        return null;
      }
      origin = parsed;
    }

    const theme = options.theme ?? 'light';
    if (!THEMES.includes(theme as Theme)) {
      warn(`init: theme must be one of ${THEMES.join(', ')}. Got:`, options.theme);
      return null;
    }

    return {
      publishableKey: key,
      mode: key.startsWith('pk_test_') ? 'test' : 'live',
      container,
      origin,
      theme: theme as Theme,
    };
  }

  private resolveContainer(container: unknown, selector: unknown): Element | null {
    if (container !== undefined && selector !== undefined) {
      warn('init takes either container or selector, not both.');
      return null;
    }
    if (container !== undefined) {
      // nodeType rather than instanceof: elements from another frame fail instanceof Element.
      if (typeof container === 'object' && container !== null && (container as Node).nodeType === 1) {
        return container as Element;
      }
      warn('init: container must be a DOM element. Got:', container);
      return null;
    }
    if (typeof selector !== 'string' || selector.trim() === '') {
      warn('init needs where to mount: container (an element) or selector (such as "#consign").');
      return null;
    }
    let element: Element | null;
    try {
      element = this.win.document.querySelector(selector);
    } catch {
      warn(`init: "${selector}" is not a valid CSS selector.`);
      return null;
    }
    if (!element) warn(`init: no element matches "${selector}". Call init after that element exists.`);
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
      warn('open: call Consign("init", { … }) first.');
      return;
    }
    this.instance.panel.focus();
  }

  /**
   * Removes the widget and its message listener. Handlers registered with `on` stay (they were
   * registered on Consign, often before init) until `off`. Calling it when nothing is mounted is
   * a no-op, so single-page apps can call it from every cleanup.
   */
  private destroy(): void {
    const instance = this.instance;
    if (!instance) return;
    this.instance = null;
    instance.stopListening();
    instance.panel.unmount();
    instance.host.remove();
  }
}
