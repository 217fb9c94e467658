import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideHref, renderGuides } from './guides';
import { GUIDES_CSP } from './lib/security-headers';
import { createTestApp, type TestApp } from './test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const linksIn = (html: string) => [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!);

describe('the guides served from docs/', () => {
  it('GET /docs/partners answers the partner guide as a page: its headings, a title, a way back, and the guides CSP', async () => {
    const res = await t.app.request('/docs/partners');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toBe(GUIDES_CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const html = await res.text();
    expect(html).toContain(
      '<title>Partners: the partner area, secret keys, the server API and webhooks · Consign guides</title>',
    );
    for (const heading of [
      '<h2 id="secret-keys">Secret keys</h2>',
      '<h2 id="webhooks">Webhooks</h2>',
      '<h3 id="verifying-a-webhook-in-node">Verifying a webhook in Node</h3>',
      '<h3 id="events">Events</h3>',
    ])
      expect(html).toContain(heading);
    // Code is shown as code, and nothing on the page runs.
    expect(html).toContain('<pre><code>');
    expect(html).not.toMatch(/<script|\son[a-z]+=/i);
    expect(html).toContain('<a class="home" href="/">');
    expect(linksIn(html)).toEqual(expect.arrayContaining(['/docs', '/docs/api', '/docs/widget']));
    // The stylesheet the page names is served, from this origin, as the CSP allows.
    const css = await t.app.request('/docs/guides.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(html).toContain('<link rel="stylesheet" href="/docs/guides.css" />');
  });

  it('lists every guide at /docs, and every link between guides, to an anchor, image or example works', async () => {
    const index = await t.app.request('/docs');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toBe(GUIDES_CSP);
    const pages = linksIn(await index.text()).filter((href) => /^\/docs\/[a-z-]+$/.test(href));
    expect(pages).toEqual(
      expect.arrayContaining(['/docs/getting-started', '/docs/partners', '/docs/widget', '/docs/api-guide']),
    );
    // /docs/api stays the API reference; the API guide has a page of its own.
    expect(pages).toContain('/docs/api');

    const checked = new Set<string>();
    for (const path of pages.filter((p) => p !== '/docs/api')) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      // The widget's catalogue is a build output (widget/dist/storybook), served and checked by the
      // browser tests (portal/src/e2e/widget-states.spec.ts), not by this unbuilt app.
      const served = (h: string) => h !== '/docs/api' && !h.startsWith('/docs/widget-states/');
      for (const href of linksIn(html).filter((h) => h.startsWith('/docs/') && served(h))) {
        const [target, anchor] = href.split('#') as [string, string | undefined];
        if (checked.has(href)) continue;
        checked.add(href);
        const linked = await t.app.request(target);
        expect(linked.status, `${path} links to ${href}`).toBe(200);
        if (anchor) expect(await linked.text(), `${path} links to ${href}`).toContain(`id="${anchor}"`);
      }
      for (const src of [...html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]!)) {
        const image = await t.app.request(src);
        expect(image.status, src).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/png');
        checked.add(src);
      }
    }
    // The ones that matter here were among them.
    for (const href of [
      '/docs/examples/webhook-receiver.mjs',
      '/docs/partners#webhooks',
      '/docs/configuration#production-mode',
      '/docs/images/results.png',
    ])
      expect([...checked], href).toContain(href);

    // An example is there to read or save, never run as a page of this origin.
    const example = await t.app.request('/docs/examples/partner-shop.html');
    expect(example.status).toBe(200);
    expect(example.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(example.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 404 problem+json for a guide that does not exist, and for files outside docs/', async () => {
    for (const path of [
      '/docs/no-such-guide',
      '/docs/images/none.png',
      '/docs/examples/..%2f..%2fpackage.json',
    ]) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toBe('application/problem+json');
    }
  });
});

describe('rendering a guide', () => {
  it('rewrites links written for the repository to the pages and files the server has', () => {
    const names = new Set(['partners', 'widget', 'api']);
    expect(guideHref('widget.md', names)).toBe('/docs/widget');
    expect(guideHref('partners.md#webhooks', names)).toBe('/docs/partners#webhooks');
    expect(guideHref('api.md#errors', names)).toBe('/docs/api-guide#errors');
    expect(guideHref('./widget.md', names)).toBe('/docs/widget');
    expect(guideHref('images/home.png', names)).toBe('/docs/images/home.png');
    expect(guideHref('examples/webhook-receiver.mjs', names)).toBe('/docs/examples/webhook-receiver.mjs');
    expect(guideHref('../openapi.yaml', names)).toBe('/openapi.json');
    expect(guideHref('#limits', names)).toBe('#limits');
    expect(guideHref('https://example.com/a.md', names)).toBe('https://example.com/a.md');
    // Not served: kept as text rather than a link that 404s.
    expect(guideHref('../README.md#configuration', names)).toBeNull();
    expect(guideHref('missing.md', names)).toBeNull();
    expect(guideHref('examples/nested/file.js', names)).toBeNull();
  });

  // Issue 51, item 19: started with another PORT or PUBLIC_URL, the guides name the running address.
  it('shows the running address where a guide names the default one', async () => {
    const other = await createTestApp({ PUBLIC_URL: 'http://127.0.0.1:4123' });
    try {
      const html = await (await other.app.request('/docs/getting-started')).text();
      expect(html).toContain('http://127.0.0.1:4123/dev/mailbox');
      expect(html).not.toContain('http://localhost:3000');
    } finally {
      await other.close();
    }
  });

  it('renders nothing, rather than failing, where docs/ was not shipped', () => {
    expect(renderGuides(join(tmpdir(), 'consign-no-such-docs-folder')).size).toBe(0);
  });

  it('sanitises what the Markdown holds: no script, handler or javascript: link survives', () => {
    const dir = mkdtempSync(join(tmpdir(), 'consign-guides-'));
    try {
      mkdirSync(join(dir, 'images'));
      writeFileSync(
        join(dir, 'evil.md'),
        [
          '# Evil <em>guide</em>',
          '',
          '<script>alert(1)</script>',
          '<img src="images/x.png" onerror="alert(2)">',
          '<img src="https://tracker.example/pixel.png">',
          '[click](javascript:alert(3)) and [home](../README.md) and [self](evil.md#evil-guide)',
          '<iframe src="https://example.com"></iframe><style>body{display:none}</style>',
        ].join('\n\n'),
      );
      const guide = renderGuides(dir).get('evil')!;
      expect(guide.title).toBe('Evil <em>guide</em>');
      expect(guide.html).not.toMatch(
        /<script|onerror|javascript:|<iframe|<style|tracker\.example|alert\(1\)/,
      );
      expect(guide.html).toContain('<img src="/docs/images/x.png" />');
      expect(guide.html).toContain('<span>home</span>');
      expect(guide.html).toContain('<a href="/docs/evil#evil-guide">self</a>');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
