import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: '2048' });
});
afterEach(() => t.close());

describe('HTTP basics', () => {
  it('answers health and readiness', async () => {
    expect(await t.get('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await t.get('/readyz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('reports readiness failure when the database is gone', async () => {
    t.deps.db.$client.close();
    const res = await t.get('/readyz');
    expect(res.status).toBe(503);
  });

  it('answers unknown API routes with a problem document', async () => {
    const res = await t.get('/api/v1/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body).toMatchObject({ type: 'about:blank', title: 'Not Found', status: 404 });
  });

  it('answers malformed JSON with 400 and a readable detail, not 500', async () => {
    const res = await t.app.request('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email": ',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/JSON/);
  });

  it('rejects bodies over the limit with 413', async () => {
    const res = await t.post('/api/v1/auth/signup', { email: 'a@example.com', password: 'x'.repeat(5000) });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });

  it('sets security headers and a request id', async () => {
    const res = await t.app.request('/healthz');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('serves the OpenAPI document and the API reference', async () => {
    const doc = await t.get('/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toContain('/api/v1/auth/login');
    const page = await t.app.request('/docs/api');
    expect(page.status).toBe(200);
    const html = await page.text();
    // Every script is this origin's own file: no CDN, nothing inline for a CSP to block.
    const scripts = [...html.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.map((m) => m[1]!.match(/src="([^"]+)"/)?.[1])).toEqual([
      '/docs/api/scalar.js',
      '/docs/api/init.js',
    ]);
    expect(scripts.every((m) => m[2]!.trim() === '')).toBe(true);
    expect(html).not.toMatch(/https?:\/\//);
    const init = await t.app.request('/docs/api/init.js');
    expect(init.headers.get('Content-Type')).toMatch(/javascript/);
    expect(await init.text()).toContain('"url":"/docs/api/openapi.json"');
    // The viewer's copy: the same paths, every composition naming its type (lib/openapi-tidy.ts).
    const copy = await t.get('/docs/api/openapi.json');
    expect(copy.status).toBe(200);
    expect(Object.keys(copy.body.paths)).toEqual(Object.keys(doc.body.paths));
    const untyped: unknown[] = [];
    const walk = (node: unknown) => {
      if (typeof node !== 'object' || node === null) return;
      Object.values(node).forEach(walk);
      const s = node as Record<string, unknown>;
      if (['anyOf', 'oneOf', 'allOf'].some((k) => k in s) && !('type' in s)) untyped.push(s);
    };
    walk(copy.body);
    expect(untyped).toEqual([]);
    const viewer = await t.app.request('/docs/api/scalar.js');
    expect(viewer.status).toBe(200);
    expect(viewer.headers.get('Content-Type')).toMatch(/javascript/);
    expect(await viewer.text()).toContain('createApiReference');
  });
});

describe('front ends served by the API', () => {
  it('serves the widget script cross-origin-loadable, the portal with SPA fallback, and admin under /admin/', async () => {
    const { mkdirSync, mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const root = mkdtempSync(join(tmpdir(), 'consign-static-'));
    for (const dir of ['widget/dist', 'portal/dist', 'admin/dist'])
      mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, 'widget/dist/consign.js'), 'console.log("widget")');
    writeFileSync(join(root, 'widget/dist/snippet.js'), 's.src="__CONSIGN_ORIGIN__/widget/v1/consign.js"');
    writeFileSync(join(root, 'portal/dist/index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(join(root, 'admin/dist/index.html'), '<!doctype html><title>admin</title>');
    const s = await createTestApp({ STATIC_ROOT: root });
    try {
      const widget = await s.app.request('/widget/v1/consign.js');
      expect(widget.status).toBe(200);
      expect(widget.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(widget.headers.get('content-type')).toContain('javascript');
      // The snippet names this server's PUBLIC_URL, whatever address the widget was built for.
      const snippet = await s.app.request('/widget/v1/snippet.js');
      expect(await snippet.text()).toBe('s.src="http://localhost:3000/widget/v1/consign.js"');

      const home = await s.app.request('/');
      expect(home.headers.get('content-type')).toContain('text/html');
      expect(await home.text()).toContain('<title>portal</title>');

      const deep = await s.app.request('/dashboard/orders');
      expect(deep.status).toBe(200);
      expect(await deep.text()).toContain('<title>portal</title>');
      expect(deep.headers.get('cross-origin-resource-policy')).toBe('same-origin');

      const admin = await s.app.request('/admin/vendors/123');
      expect(await admin.text()).toContain('<title>admin</title>');

      // API paths never fall back to the portal
      const api = await s.app.request('/api/v1/does-not-exist');
      expect(api.status).toBe(404);
      expect(api.headers.get('content-type')).toContain('application/problem+json');
    } finally {
      s.close();
    }
  });

  it('serves the prerendered home page at / and the empty shell for every other portal route', async () => {
    const { mkdirSync, mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const root = mkdtempSync(join(tmpdir(), 'consign-static-'));
    mkdirSync(join(root, 'portal/dist'), { recursive: true });
    writeFileSync(
      join(root, 'portal/dist/index.html'),
      '<!doctype html><div id="root"><h1>Compare UK courier quotes</h1></div>',
    );
    writeFileSync(join(root, 'portal/dist/app.html'), '<!doctype html><div id="root"></div>');
    const s = await createTestApp({ STATIC_ROOT: root });
    try {
      const home = await s.app.request('/');
      expect(await home.text()).toContain('<h1>Compare UK courier quotes</h1>');
      // The home page's HTML must never be the answer for another route: it would flash there.
      for (const path of ['/result?type=Domestic', '/signin', '/track/CN-ABC']) {
        const page = await s.app.request(path);
        expect(page.status).toBe(200);
        expect(await page.text()).toBe('<!doctype html><div id="root"></div>');
      }
    } finally {
      s.close();
    }
  });
});
