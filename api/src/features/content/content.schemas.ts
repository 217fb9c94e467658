import { z } from '@hono/zod-openapi';
import { EmailSchema } from '../auth';

export const ArticleSchema = z
  .object({
    slug: z.string().openapi({ example: 'cheap-parcel-delivery' }),
    title: z.string(),
    html: z.string().openapi({ description: 'Sanitised HTML, safe to insert into the page' }),
  })
  .openapi('Article');

export const ArticleParamsSchema = z.object({
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Not a valid article slug')
    .max(100)
    .openapi({ param: { name: 'slug', in: 'path' }, example: 'cheap-parcel-delivery' }),
});

/** A required text field whose message names it whether it is missing, empty or blank. */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const ContactBodySchema = z
  .strictObject({
    name: requiredText('Name', 120),
    phone: requiredText('Phone', 20).regex(
      /^\+?[0-9 ()-]{7,20}$/,
      'Phone must be 7 to 20 digits, spaces or brackets',
    ),
    email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').pipe(EmailSchema),
    message: requiredText('Message', 5000),
  })
  .openapi('ContactRequest');
