import { beforeEach, describe, expect, it } from 'vitest';
import { installConsign, SCRIPT_ID } from './snippet';
import type { QueuedCall } from './types';

const SRC = 'https://consign.example/widget/v1/consign.js';

const scripts = () => document.querySelectorAll(`script#${SCRIPT_ID}`);
const queued = () => Array.from((window.Consign?.q ?? []) as QueuedCall[], (call) => Array.from(call));

beforeEach(() => {
  delete window.Consign;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('installConsign', () => {
  it('defines a queueing stub and inserts one async script', () => {
    installConsign(window, document, SRC);
    window.Consign?.('init', { key: 'pk_test_abc' });

    expect(scripts()).toHaveLength(1);
    const script = scripts()[0] as HTMLScriptElement;
    expect(script.src).toBe(SRC);
    expect(script.async).toBe(true);
    expect(queued()).toEqual([['init', { key: 'pk_test_abc' }]]);
  });

  it('pasted twice inserts one script and keeps the calls made through both copies, in order', () => {
    installConsign(window, document, SRC);
    window.Consign?.('on', 'ready', 'first');
    installConsign(window, document, SRC);
    window.Consign?.('init', 'second');

    expect(scripts()).toHaveLength(1);
    expect(queued()).toEqual([
      ['on', 'ready', 'first'],
      ['init', 'second'],
    ]);
  });
});
