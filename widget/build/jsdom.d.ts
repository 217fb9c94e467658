// jsdom ships no types and @types/jsdom is not installed; this covers what the snippet test uses.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { runScripts?: 'outside-only' | 'dangerously'; url?: string });
    readonly window: Window & typeof globalThis & { eval(code: string): unknown };
  }
}
