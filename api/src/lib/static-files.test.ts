import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

// Issue 44, finding 4: a Range the file cannot satisfy answered 500 on every static file.
let t: TestApp;
let root: string;
const WIDGET = 'console.log("the widget script, 41 bytes")';
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'consign-range-'));
  for (const dir of ['widget/dist', 'portal/dist/assets', 'admin/dist'])
    mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, 'widget/dist/consign.js'), WIDGET);
  writeFileSync(join(root, 'portal/dist/index.html'), '<!doctype html><title>portal</title>');
  writeFileSync(join(root, 'portal/dist/assets/app.js'), 'export {};');
  writeFileSync(join(root, 'admin/dist/index.html'), '<!doctype html><title>admin</title>');
  t = await createTestApp({
    STATIC_ROOT: root,
    NODE_ENV: 'production',
    ALLOW_OUTBOX_MAIL: '1',
    ALLOW_TEST_PAYMENTS: '1',
  });
  writeFileSync(join(t.deps.config.uploadDir, 'logo.png'), Buffer.alloc(300, 7));
});
afterAll(() => {
  t?.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string, range: string) => t.app.request(path, { headers: { Range: range } });

describe('Range on static files', () => {
  it.each([
    ['/widget/v1/consign.js', WIDGET.length],
    ['/', 36],
    ['/assets/app.js', 10],
    ['/admin/index.html', 35],
    ['/uploads/logo.png', 300],
  ])('%s: an unsatisfiable range is 416 with Content-Range bytes */size, never 5xx', async (path, size) => {
    for (const range of ['bytes=99999999-', 'bytes=100-50', `bytes=${size}-`]) {
      const res = await get(path, range);
      expect(res.status, `${path} ${range}`).toBe(416);
      expect(res.headers.get('content-range')).toBe(`bytes */${size}`);
    }
    const part = await get(path, 'bytes=0-3');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-3/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(4);
    // A malformed range is ignored: the whole file.
    const whole = await get(path, 'pages=1-2');
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(size);
  });

  it('serves a suffix range as the last bytes', async () => {
    const tail = await get('/widget/v1/consign.js', 'bytes=-8');
    expect(tail.status).toBe(206);
    expect(await tail.text()).toBe(WIDGET.slice(-8));
  });
});
