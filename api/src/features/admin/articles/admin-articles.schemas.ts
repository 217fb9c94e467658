import { z } from '@hono/zod-openapi';
import { raListQuery } from '../../../lib/ra-list';
import { IdsFilterSchema } from '../admin.schemas';

const SLUG = z
  .string({ error: 'A slug is required' })
  .trim()
  .min(1, 'A slug is required')
  .max(120, 'The slug must be at most 120 characters')
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'Use lower-case letters, digits and single hyphens, e.g. cheap-parcel-delivery',
  );
const TITLE = z.string({ error: 'A title is required' }).trim().min(1, 'A title is required').max(200);
const HTML = z
  .string({ error: 'The article text is required' })
  .min(1, 'The article text is required')
  .max(200_000);

export const AdminArticleSchema = z
  .object({
    id: z.string().openapi({ description: 'The slug (react-admin needs an id)' }),
    slug: z.string(),
    title: z.string(),
    html: z.string().openapi({ description: 'Sanitised HTML' }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('AdminArticle');

export const CreateBody = z
  .strictObject({ slug: SLUG, title: TITLE, html: HTML })
  .openapi('AdminArticleCreate');
// react-admin's update sends the whole record; only title and html change (the slug is the URL).
// Strict like every body: the console sends only these two fields (ArticleEdit's transform).
export const UpdateBody = z.strictObject({ title: TITLE, html: HTML }).openapi('AdminArticleUpdate');
export const PreviewBody = z.strictObject({ html: z.string().max(200_000) }).openapi('AdminArticlePreview');
export const SlugParams = z.object({ id: SLUG.openapi({ param: { name: 'id', in: 'path' } }) });
export const ARTICLE_SORT_FIELDS = ['updatedAt', 'title', 'id'] as const;
export const ListQuery = raListQuery({
  sortFields: ARTICLE_SORT_FIELDS,
  filter: z.strictObject({ id: IdsFilterSchema }),
});
