/**
 * The profile form's values (text, as inputs hold them), their validation (the API's own rules,
 * so a save is refused here rather than by a 422), and the conversion to PATCH /users/me.
 */
import { formatPostcode } from '@consign/shared/postcodes';
import { z } from 'zod';
import type { UpdateProfileRequest, UserProfile } from '../../shared/api/client';
import { PHONE } from '../../shared/booking-form/bookingSchema';

export const PHONE_MESSAGE = 'Phone must be 7 to 20 digits, spaces or brackets';
/** A new address is in the UK unless the customer says otherwise. */
export const DEFAULT_COUNTRY = 'GB';

const ADDRESS_LINES = ['line1', 'line2', 'town', 'county', 'postcode'] as const;

export const profileFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(120, 'Name is at most 120 characters'),
    phone: z
      .string()
      .trim()
      .refine((value) => value === '' || PHONE.test(value), PHONE_MESSAGE),
    line1: z.string().trim().max(200),
    line2: z.string().trim().max(200),
    town: z.string().trim().max(100),
    county: z.string().trim().max(100),
    postcode: z.string().trim().max(16),
    country: z.string(),
  })
  .superRefine((values, ctx) => {
    // No address at all is fine; a started one needs what a label needs.
    if (!hasAddress(values)) return;
    const required = [
      ['line1', 'Street is required'],
      ['town', 'Town is required'],
      ['postcode', 'Postcode is required'],
    ] as const;
    for (const [path, message] of required) {
      if (values[path].trim() === '') ctx.addIssue({ code: 'custom', path: [path], message });
    }
  });

export type ProfileFormValues = z.infer<typeof profileFormSchema>;

function hasAddress(values: ProfileFormValues): boolean {
  return ADDRESS_LINES.some((key) => values[key].trim() !== '');
}

export function valuesFromProfile(profile: UserProfile): ProfileFormValues {
  const address = profile.address;
  return {
    name: profile.name ?? '',
    phone: profile.phone ?? '',
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    town: address?.town ?? '',
    county: address?.county ?? '',
    postcode: address?.postcode ?? '',
    country: address?.country ?? DEFAULT_COUNTRY,
  };
}

/** Empty optional text is sent as absent (or null), never as an empty string the API would refuse. */
export function bodyFromValues(values: ProfileFormValues): UpdateProfileRequest {
  const text = (value: string) => value.trim() || undefined;
  return {
    name: values.name.trim(),
    phone: text(values.phone) ?? null,
    address: hasAddress(values)
      ? {
          line1: values.line1.trim(),
          line2: text(values.line2),
          town: values.town.trim(),
          county: text(values.county),
          postcode: values.country === 'GB' ? formatPostcode(values.postcode) : values.postcode.trim(),
          country: values.country,
        }
      : null,
  };
}
