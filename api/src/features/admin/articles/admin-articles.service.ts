import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../../context';
import { articles } from '../../../db/schema';
import { recordAudit } from '../../../lib/audit';
import { AppError } from '../../../lib/errors';
import type { AccessClaims } from '../../../lib/jwt';
import { idsIn, listPage, type RaList } from '../../../lib/ra-list';
import { sanitizeArticleHtml } from '../../content';
import type { ARTICLE_SORT_FIELDS, CreateBody, ListQuery } from './admin-articles.schemas';

type ArticleFilter = NonNullable<z.infer<typeof ListQuery>['filter']>;
type Row = typeof articles.$inferSelect;
export const toDto = (a: Row) => ({
  id: a.slug,
  slug: a.slug,
  title: a.title,
  html: a.html,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});

export class AdminArticles {
  constructor(private readonly deps: AppDeps) {}

  async list(list: RaList<(typeof ARTICLE_SORT_FIELDS)[number], ArticleFilter>) {
    const { db } = this.deps;
    const { rows, total } = await listPage(db, list, {
      rows: db.select().from(articles).$dynamic(),
      count: db.select({ total: count() }).from(articles).$dynamic(),
      where: [idsIn(articles.slug, list.filter?.id)],
      // The slug is the article's id.
      sort: { updatedAt: articles.updatedAt, title: articles.title, id: articles.slug },
      tieBreaker: articles.slug,
      defaultSort: { field: 'updatedAt', order: 'desc' },
    });
    return { rows: rows.map(toDto), total };
  }

  async find(slug: string) {
    const row = await this.deps.db.query.articles.findFirst({ where: eq(articles.slug, slug) });
    if (!row) throw AppError.notFound('Article not found');
    return row;
  }

  async create(actor: AccessClaims, body: z.infer<typeof CreateBody>) {
    const now = this.deps.now();
    const html = sanitizeArticleHtml(body.html);
    await this.deps.db.transaction(
      async (tx) => {
        const taken = await tx.query.articles.findFirst({ where: eq(articles.slug, body.slug) });
        if (taken) throw AppError.conflict('An article already uses this slug', 'slug_taken');
        await tx
          .insert(articles)
          .values({ slug: body.slug, title: body.title, html, createdAt: now, updatedAt: now });
        await recordAudit(
          tx,
          actor,
          {
            action: 'article.create',
            entityType: 'article',
            entityId: body.slug,
            before: null,
            after: { title: body.title },
            reason: 'Published',
          },
          now,
        );
      },
      { behavior: 'immediate' },
    );
    return toDto(await this.find(body.slug));
  }

  async update(actor: AccessClaims, slug: string, body: { title: string; html: string }) {
    const now = this.deps.now();
    const html = sanitizeArticleHtml(body.html);
    await this.deps.db.transaction(
      async (tx) => {
        const current = await tx.query.articles.findFirst({ where: eq(articles.slug, slug) });
        if (!current) throw AppError.notFound('Article not found');
        await tx
          .update(articles)
          .set({ title: body.title, html, updatedAt: now })
          .where(eq(articles.slug, slug));
        await recordAudit(
          tx,
          actor,
          {
            action: 'article.update',
            entityType: 'article',
            entityId: slug,
            before: { title: current.title },
            after: { title: body.title },
            reason: 'Edited',
          },
          now,
        );
      },
      { behavior: 'immediate' },
    );
    return toDto(await this.find(slug));
  }
}
