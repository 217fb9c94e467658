/**
 * An address checked field by field, with every problem at once. The order schema checks the
 * UK postcode only once every other field is valid (a refinement of the whole object), so a
 * line of a file with a missing name would not say that its postcode is wrong too; files are
 * fixed in one go, so this adds the postcode's problem itself.
 */
import type { OrderAddress } from '../../db/schema';
import { parseUkPostcode } from '../../providers/distance';
import { OrderAddressSchema } from '../orders';

export type AddressField = keyof OrderAddress;
export type AddressCheck =
  | { ok: true; address: OrderAddress }
  | { ok: false; errors: { field: AddressField | 'address'; message: string }[] };

export const UK_POSTCODE_MESSAGE = 'Enter a valid UK postcode, such as SW1A 1AA';

export function checkAddress(value: Record<string, unknown>): AddressCheck {
  const parsed = OrderAddressSchema.safeParse(value);
  if (parsed.success) return { ok: true, address: parsed.data };
  const errors = parsed.error.issues.map((issue) => ({
    field: (issue.path[0] as AddressField | undefined) ?? ('address' as const),
    message: issue.message,
  }));
  const country = typeof value.country === 'string' ? value.country.trim().toUpperCase() : '';
  const postcode = typeof value.postcode === 'string' ? value.postcode : '';
  if (
    country === 'GB' &&
    postcode.trim() &&
    !parseUkPostcode(postcode) &&
    !errors.some((e) => e.field === 'postcode')
  ) {
    const at = errors.findIndex((e) => ['country'].includes(e.field));
    errors.splice(at < 0 ? errors.length : at, 0, { field: 'postcode', message: UK_POSTCODE_MESSAGE });
  }
  return { ok: false, errors };
}
