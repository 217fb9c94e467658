import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { signUpAdmin } from '../admin.fixtures';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const ARTICLES = '/api/v1/admin/articles';

describe('admin articles', () => {
  it('creates and edits a landing article with its HTML sanitised on save, previews it, and audits', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const dirty = '<h2>Fast</h2><p onclick="steal()">Cheap <script>alert(1)</script>parcels</p>';

    const preview = await t.post('/api/v1/admin/article-preview', { html: dirty }, admin);
    expect(preview.status).toBe(200);
    expect(preview.body.html).not.toMatch(/script|onclick/);
    expect(preview.body.html).toContain('<h2>Fast</h2>');

    const created = await t.post(
      ARTICLES,
      { slug: 'weekend-delivery', title: 'Weekend delivery', html: dirty },
      admin,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: 'weekend-delivery',
      title: 'Weekend delivery',
      html: preview.body.html,
    });
    const shown = await t.get('/api/v1/articles/weekend-delivery');
    expect(shown.body.title).toBe('Weekend delivery');

    const taken = await t.post(
      ARTICLES,
      { slug: 'weekend-delivery', title: 'Again', html: '<p>x</p>' },
      admin,
    );
    expect(taken.status).toBe(409);
    const bad = await t.post(ARTICLES, { slug: 'Weekend Delivery!', title: 'x', html: '<p>x</p>' }, admin);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(['slug']);

    const edited = await t.call(
      'PUT',
      `${ARTICLES}/weekend-delivery`,
      {
        title: 'Saturday delivery',
        html: '<p>Now <iframe src="x"></iframe>on Saturdays</p>',
      },
      admin,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.title).toBe('Saturday delivery');
    expect(edited.body.html).not.toContain('iframe');

    const list = await t.get(ARTICLES, admin);
    expect(list.body.map((a: { id: string }) => a.id)).toContain('weekend-delivery');
    const log = await t.get(
      `/api/v1/admin/audit-log?filter=${encodeURIComponent('{"entityType":"article"}')}`,
      admin,
    );
    expect(log.body.map((e: { action: string }) => e.action)).toEqual(['article.update', 'article.create']);
    expect((await t.get(`${ARTICLES}/nope`, admin)).status).toBe(404);
  });
});
