import { z } from '@hono/zod-openapi';
import { nullableRef } from '../../lib/openapi';
import { RoleSchema } from '../auth';
import { isPdfUpload } from '../uploads';

export const AddressSchema = z
  .strictObject({
    line1: z.string().trim().min(1, 'Street is required').max(200),
    line2: z.string().trim().max(200).optional(),
    town: z.string().trim().min(1, 'Town is required').max(100),
    county: z.string().trim().max(100).optional(),
    postcode: z.string().trim().min(1, 'Postcode is required').max(16),
    country: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/, 'Country must be an ISO 3166 alpha-2 code such as GB'),
  })
  .openapi('PostalAddress');

export const UserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    phone: z.string().nullable(),
    address: nullableRef(AddressSchema),
    avatarUrl: z.string().nullable(),
    role: RoleSchema,
    emailVerified: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .openapi('User');

export const UpdateMeBodySchema = z
  .strictObject({
    name: z.string().trim().min(1, 'Name cannot be empty').max(120).optional(),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{7,20}$/, 'Phone must be 7 to 20 digits, spaces or brackets')
      .nullable()
      .optional(),
    address: nullableRef(AddressSchema).optional(),
    avatarUrl: z
      .string()
      .trim()
      .max(500)
      .refine(
        (v) => (v.startsWith('/uploads/') && !isPdfUpload(v)) || /^https:\/\//.test(v),
        'Must be an uploaded image or an https URL',
      )
      .nullable()
      .optional(),
  })
  .openapi('UpdateMeRequest');
