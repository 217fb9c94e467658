// @vitest-environment node
// esbuild refuses to run inside the jsdom environment, so this file builds in node and pastes
// into a jsdom window of its own, which is closer to a partner page anyway.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { buildSnippet } from './snippet';

const SRC = 'https://consign.example/widget/v1/consign.js';

describe('the built snippet (the bytes partners paste)', () => {
  it('stays small', async () => {
    const code = await buildSnippet(SRC);
    expect(code.length).toBeLessThan(512);
    expect(code).toContain(JSON.stringify(SRC));
  });

  it('pasted twice inserts one script and keeps the calls made through both copies', async () => {
    const code = await buildSnippet(SRC);
    const { window } = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
      runScripts: 'outside-only',
    });

    window.eval(code);
    window.eval("Consign('init', { publishableKey: 'pk_test_abc', selector: '#a' });");
    window.eval(code);
    window.eval("Consign('on', 'ready', 'second paste');");

    const scripts = window.document.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(SRC);
    expect(scripts[0]?.async).toBe(true);
    const queue = window.eval('JSON.stringify(Consign.q.map((call) => Array.from(call)))') as string;
    expect(JSON.parse(queue)).toEqual([
      ['init', { publishableKey: 'pk_test_abc', selector: '#a' }],
      ['on', 'ready', 'second paste'],
    ]);
  });
});
