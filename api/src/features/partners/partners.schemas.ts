import { formatOriginPattern, parseOriginPattern } from '@consign/shared/origins';
import { z } from '@hono/zod-openapi';
import { PARTNER_STATUSES } from '../../db/schema';
import { CURRENCIES } from '../../domain/currency';
import { raListQuery } from '../../lib/ra-list';
import { EmailSchema } from '../auth';

const MoneySchema = z.object({ amount: z.number().int(), currency: z.enum(CURRENCIES) });

export const PartnerStatusSchema = z.enum(PARTNER_STATUSES).openapi('PartnerStatus');

export const PartnerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    mode: z.enum(['test', 'live']),
    publishableKey: z.string().openapi({ example: 'pk_test_3Jc9bXw1QmZ0aL2kR7sT5uVy' }),
    previousKey: z.string().nullable().openapi({ description: 'The key before the last rotation' }),
    previousKeyExpiresAt: z.iso
      .datetime()
      .nullable()
      .openapi({ description: 'Until when the previous key keeps working' }),
    allowedOrigins: z.array(z.string()),
    status: PartnerStatusSchema,
    rateLimitPerMinute: z
      .number()
      .int()
      .openapi({ description: 'Publishable-key calls a minute from one client address' }),
    keyRateLimitPerMinute: z
      .number()
      .int()
      .openapi({ description: 'Publishable-key calls a minute in all, every client together' }),
    secretKeyRateLimitPerMinute: z.number().int().openapi({ description: 'Secret-key calls a minute' }),
    quotes: z.number().int().openapi({ description: 'Quotes asked through this partner' }),
    orders: z.number().int().openapi({ description: 'Orders booked through this partner' }),
    paidOrders: z.number().int().openapi({ description: 'Of those, the ones paid and not cancelled' }),
    revenue: z.array(MoneySchema).openapi({ description: 'Totals of the paid orders, per currency' }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('Partner');

export const OriginListSchema = z
  .array(z.string().max(300))
  .min(1, 'List at least one origin the widget may run on')
  .max(50, 'At most 50 origins')
  .transform((list, ctx) => {
    const out: string[] = [];
    list.forEach((raw, index) => {
      const parsed = parseOriginPattern(raw);
      if ('error' in parsed) ctx.addIssue({ code: 'custom', path: [index], message: parsed.error });
      else out.push(formatOriginPattern(parsed));
    });
    return [...new Set(out)];
  })
  .openapi({ example: ['https://shop.example', 'http://localhost:*'] });

const NameSchema = z
  .string()
  .trim()
  .min(1, 'Name cannot be empty')
  .max(120, 'Name is at most 120 characters');
const RateSchema = z
  .number()
  .int('A whole number of calls per minute')
  .min(1, 'At least 1 call per minute')
  .max(10_000, 'At most 10000 calls per minute');
const CeilingSchema = z
  .number()
  .int('A whole number of calls per minute')
  .min(1, 'At least 1 call per minute')
  .max(1_000_000, 'At most 1000000 calls per minute');

export const CreatePartnerSchema = z
  .strictObject({
    name: NameSchema,
    mode: z.enum(['test', 'live']).openapi({ description: 'pk_test_ or pk_live_ key' }),
    allowedOrigins: OriginListSchema,
    rateLimitPerMinute: RateSchema.optional(),
    keyRateLimitPerMinute: CeilingSchema.optional(),
    secretKeyRateLimitPerMinute: RateSchema.optional(),
  })
  .openapi('CreatePartner');

export const UpdatePartnerSchema = z
  .strictObject({
    name: NameSchema.optional(),
    allowedOrigins: OriginListSchema.optional(),
    status: PartnerStatusSchema.optional(),
    rateLimitPerMinute: RateSchema.optional(),
    keyRateLimitPerMinute: CeilingSchema.optional(),
    secretKeyRateLimitPerMinute: RateSchema.optional(),
  })
  .openapi('UpdatePartner');

export const PartnerIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

export const PARTNER_SORT_FIELDS = ['createdAt', 'name', 'status', 'id'] as const;

export const PartnerListQuerySchema = raListQuery({
  sortFields: PARTNER_SORT_FIELDS,
  filter: z.strictObject({
    q: z.string().trim().max(200).optional().openapi({ description: 'Name contains' }),
    status: PartnerStatusSchema.optional(),
    id: z.union([z.string(), z.array(z.string()).max(1000)]).optional(),
  }),
});

export type CreatePartnerInput = z.infer<typeof CreatePartnerSchema>;
export type UpdatePartnerInput = z.infer<typeof UpdatePartnerSchema>;
export type PartnerDto = z.infer<typeof PartnerSchema>;

export const PartnerUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    status: z.enum(['invited', 'active']),
    createdAt: z.iso.datetime(),
    lastSignInAt: z.iso.datetime().nullable(),
  })
  .openapi('PartnerUser');

export const PartnerUserListSchema = z
  .object({ data: z.array(PartnerUserSchema) })
  .openapi('PartnerUserList');

export const InviteBodySchema = z
  .strictObject({ email: EmailSchema, name: NameSchema })
  .openapi('PartnerInvite');

export const InvitedUserSchema = z
  .object({ id: z.string(), email: z.string(), name: z.string(), status: z.literal('invited') })
  .openapi('PartnerInvited');
