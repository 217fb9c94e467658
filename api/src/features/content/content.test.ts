import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { articles, contactMessages, outbox } from '../../db/schema';
import { backoffMs, drainOutbox } from '../../lib/outbox';
import type { Mailer } from '../../providers/mail';
import { createTestApp, type TestApp } from '../../test/harness';
import { DEFAULT_ARTICLES, ensureDefaultArticles } from './default-articles';
import { sanitizeArticleHtml } from './sanitize';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('GET /articles/{slug}', () => {
  it.each(['cheap-parcel-delivery', 'international-courier', 'same-day-courier'])(
    'serves the default article %s on a fresh database',
    async (slug) => {
      const res = await t.get(`/api/v1/articles/${slug}`);
      expect(res.status).toBe(200);
      expect(res.body.slug).toBe(slug);
      expect(res.body.title.length).toBeGreaterThan(10);
      // Real copy: several paragraphs and at least one heading.
      expect(res.body.html.match(/<p>/g)?.length).toBeGreaterThanOrEqual(3);
      expect(res.body.html).toMatch(/<h2>/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    },
  );

  it('answers 404 for an unknown slug and 422 for a malformed one', async () => {
    const missing = await t.get('/api/v1/articles/no-such-article');
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Article not found');
    expect((await t.get('/api/v1/articles/Not_A_Slug')).status).toBe(422);
  });

  it('sanitises what it serves, whatever is stored', async () => {
    await t.deps.db.insert(articles).values({
      slug: 'unsafe',
      title: 'Unsafe',
      html:
        '<h2 onclick="steal()">Heading</h2><script>alert(1)</script><p style="color:red">Text</p>' +
        '<a href="javascript:alert(1)">bad</a><a href="https://ok.example/x" target="_blank">ok</a>' +
        '<img src="https://cdn.example/a.png" alt="a" onerror="x()"><img src="http://insecure.example/b.png">' +
        '<img src="/images/c.png"><img src="//evil.example/d.png"><iframe src="https://x.example"></iframe>' +
        '<ul><li><strong>s</strong> <em>e</em></li></ul>',
    });
    const { body } = await t.get('/api/v1/articles/unsafe');
    expect(body.html).not.toMatch(/script|onclick|onerror|style=|javascript:|iframe|insecure|evil/);
    expect(body.html).toContain('<h2>Heading</h2>');
    expect(body.html).toContain('<p>Text</p>');
    expect(body.html).toContain(
      '<a href="https://ok.example/x" target="_blank" rel="noopener noreferrer">ok</a>',
    );
    expect(body.html).toContain('<img src="https://cdn.example/a.png" alt="a" />');
    expect(body.html).toContain('<img src="/images/c.png" />');
    expect(body.html).toContain('<ul><li><strong>s</strong> <em>e</em></li></ul>');
  });

  it('adds rel="noopener noreferrer" to every link, replacing any rel given', () => {
    expect(sanitizeArticleHtml('<a href="/quote" rel="opener">Quote</a>')).toBe(
      '<a href="/quote" rel="noopener noreferrer">Quote</a>',
    );
  });
});

describe('default articles', () => {
  it('restores a missing article on start but keeps an edited one', async () => {
    await t.deps.db
      .update(articles)
      .set({ title: 'Edited by staff' })
      .where(eq(articles.slug, 'same-day-courier'));
    await t.deps.db.delete(articles).where(eq(articles.slug, 'international-courier'));
    await ensureDefaultArticles(t.deps.db);
    const rows = await t.deps.db.select().from(articles);
    expect(rows.map((r) => r.slug).sort()).toEqual(DEFAULT_ARTICLES.map((a) => a.slug).sort());
    expect(rows.find((r) => r.slug === 'same-day-courier')?.title).toBe('Edited by staff');
  });
});

describe('POST /contact', () => {
  const message = {
    name: 'Jo <b>Bloggs</b>',
    phone: '+44 20 7946 0000',
    email: 'Jo@Example.com',
    message: 'Where is my parcel?\n<script>alert(1)</script>',
  };

  it('stores the message and emails staff in text and HTML', async () => {
    const res = await t.post('/api/v1/contact', message);
    expect(res.status).toBe(202);
    const [stored] = await t.deps.db.select().from(contactMessages);
    expect(stored).toMatchObject({ ...message, email: 'jo@example.com' });
    expect(stored?.notifiedAt).toBeInstanceOf(Date);

    const mails = await t.deps.db.select().from(outbox).where(eq(outbox.to, t.deps.config.mail.staffEmail));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Contact form: message from Jo <b>Bloggs</b>');
    expect(mail.text).toContain('Where is my parcel?');
    expect(mail.text).toContain('jo@example.com');
    expect(mail.text).toContain('+44 20 7946 0000');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Jo &lt;b&gt;Bloggs&lt;/b&gt;');
    expect(mail.html).not.toContain('<script>');
  });

  it('answers 422 naming every missing field', async () => {
    const res = await t.post('/api/v1/contact', {});
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name is required' },
        { path: 'phone', message: 'Phone is required' },
        { path: 'email', message: 'Email is required' },
        { path: 'message', message: 'Message is required' },
      ]),
    );
    expect(res.body.errors).toHaveLength(4);
    expect(await t.deps.db.select().from(contactMessages)).toEqual([]);
  });

  it.each([
    ['a blank name', { name: '  ' }, 'name'],
    ['an empty message', { message: '' }, 'message'],
    ['an invalid email', { email: 'not-an-email' }, 'email'],
    ['a phone with letters', { phone: 'call me' }, 'phone'],
    ['an unknown field', { subject: 'Hi' }, '(body)'],
  ])('answers 422 for %s', async (_label, patch, field) => {
    const res = await t.post('/api/v1/contact', { ...message, ...patch });
    expect(res.status).toBe(422);
    expect([...new Set(res.body.errors.map((e: { path: string }) => e.path))]).toEqual([field]);
  });

  it('allows 5 messages an hour from one address, then 429 with Retry-After', async () => {
    // A fixed instant inside one hour's window: on the real clock, tries that straddle the turn of
    // the hour would be counted in two windows.
    const start = new Date('2030-01-07T09:10:00Z');
    t.deps.now = () => start;
    for (let i = 0; i < 5; i++) expect((await t.post('/api/v1/contact', message)).status).toBe(202);
    const limited = await t.post('/api/v1/contact', message);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await t.deps.db.select().from(contactMessages)).toHaveLength(5);

    t.deps.now = () => new Date(start.getTime() + 3600 * 1000);
    expect((await t.post('/api/v1/contact', message)).status).toBe(202);
  });

  it('keeps the message when mail fails, leaving it marked as not yet sent, and mails it once the server is back', async () => {
    const working = t.deps.mailer;
    const failing: Mailer = {
      transport: 'smtp',
      send: async () => {
        throw new Error('SMTP is down');
      },
    };
    t.deps.mailer = failing;
    const res = await t.post('/api/v1/contact', message);
    expect(res.status).toBe(202);
    const [stored] = await t.deps.db.select().from(contactMessages);
    expect(stored?.message).toBe(message.message);
    expect(stored?.notifiedAt).toBeNull();

    // The outbox retries after its back-off.
    t.deps.mailer = working;
    const later = new Date(t.deps.now().getTime() + backoffMs(1, () => 1) + 1);
    t.deps.now = () => later;
    expect(await drainOutbox(t.deps)).toMatchObject({ delivered: 1 });
    const [sent] = await t.deps.db.select().from(contactMessages);
    expect(sent?.notifiedAt).toEqual(later);
    const mail = await t.deps.db.select().from(outbox).where(eq(outbox.to, t.deps.config.mail.staffEmail));
    expect(mail.map((m) => m.text).join('\n')).toContain(message.message);
  });
});
