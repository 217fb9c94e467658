/** A queued call: the arguments one `Consign(...)` call received before the script loaded. */
export type QueuedCall = ArrayLike<unknown>;

/**
 * Once the script has loaded, the stub's queue forwards instead of storing, so a page that kept
 * a reference to the stub (`const c = window.Consign`) still reaches the widget.
 */
export interface ForwardingQueue {
  push(call: QueuedCall): number;
}

/**
 * `window.Consign`: the snippet's queueing stub until the script loads, then the real command
 * function. `q` holds calls made before the script arrived; `loaded` marks the real function.
 */
export interface ConsignStub {
  (...args: unknown[]): void;
  q?: QueuedCall[] | ForwardingQueue;
  loaded?: boolean;
}

declare global {
  interface Window {
    Consign?: ConsignStub;
  }
}
