import { z } from '@hono/zod-openapi';
import { isPdfUpload } from '../uploads';

export const VendorStatusSchema = z.enum(['pending', 'active', 'suspended']).openapi('VendorStatus');

export const VendorSchema = z
  .object({
    id: z.string(),
    status: VendorStatusSchema.openapi({ description: 'Only an admin makes a vendor active' }),
    shopName: z.string().nullable(),
    addressLine1: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postalCode: z.string().nullable(),
    country: z.string().nullable(),
    description: z.string().nullable(),
    website: z.string().nullable(),
    logoUrl: z.string().nullable(),
    vatNumber: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('Vendor');

/** Optional text that may be cleared: an empty string or null stores nothing. */
const clearableText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

/** Text the business details need (the portal keeps its submit disabled while they are empty). */
const requiredText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} cannot be empty`)
    .max(max, `${label} must be at most ${max} characters`)
    .optional();

/** An image uploaded through POST /uploads, or any https URL. */
export const ImageUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) =>
      (/^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*$/.test(v) && !isPdfUpload(v)) || /^https:\/\/[^\s]+$/.test(v),
    'Must be an uploaded image (/uploads/…) or an https URL',
  );

const emptyToNull = (v: string | null | undefined) => (v === '' ? null : v);

export const UpdateVendorBodySchema = z
  .strictObject({
    shopName: requiredText('Shop name', 120),
    addressLine1: clearableText('Address line 1', 200),
    city: clearableText('City', 100),
    state: requiredText('State', 100),
    postalCode: requiredText('Postal code', 16).refine(
      (v) => v === undefined || /^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(v),
      'Postal code may hold only letters, digits, spaces and hyphens',
    ),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Country must be an ISO 3166 alpha-2 code such as GB')
      .optional(),
    description: requiredText('Description', 2000),
    website: z
      .union([
        z.literal(''),
        z
          .string()
          .trim()
          .max(300, 'Website must be at most 300 characters')
          .pipe(
            z.url({
              protocol: /^https$/,
              hostname: z.regexes.domain,
              error: 'Website must be an https URL, such as https://example.com',
            }),
          ),
      ])
      .nullable()
      .optional()
      .transform(emptyToNull),
    logoUrl: z
      .union([z.literal(''), ImageUrlSchema])
      .nullable()
      .optional()
      .transform(emptyToNull),
    vatNumber: z
      .string()
      .transform((v) => v.replace(/[\s.-]/g, '').toUpperCase())
      .refine(
        (v) => v === '' || /^GB(\d{9}|\d{12})$/.test(v),
        'VAT number must be GB followed by 9 or 12 digits, such as GB123456789',
      )
      .nullable()
      .optional()
      .transform(emptyToNull)
      .openapi({ example: 'GB123456789', description: 'UK VAT number; empty or null clears it' }),
  })
  .openapi('UpdateVendorRequest');
