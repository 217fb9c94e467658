/**
 * Runs before every API test file. The files of one worker share its modules and its global
 * scope (`isolate: false` in vitest.config.ts), and the Node adapter swaps its own Request and
 * Response into the globals when a file starts a server: each file gets the platform's back, so
 * it starts as it would alone, whatever ran before it.
 */
const PRISTINE = Symbol.for('consign.test.pristine-globals');
const scope = globalThis as typeof globalThis & { [PRISTINE]?: Record<string, unknown> };
scope[PRISTINE] ??= { Request: globalThis.Request, Response: globalThis.Response };
for (const [name, value] of Object.entries(scope[PRISTINE])) {
  if ((globalThis as Record<string, unknown>)[name] !== value)
    Object.defineProperty(globalThis, name, { value, writable: true, configurable: true });
}
