/**
 * Address suggestions for a postcode: the caller's saved addresses (profile and address book) and
 * the addresses of their earlier orders with that postcode first, then, when a look-up service is configured
 * (IDEAL_POSTCODES_API_KEY), every address it knows there. Without one this is the embedded
 * default of docs/architecture.md §7: own addresses plus the post town the postcode area is known by. Only the
 * caller's own addresses: nobody else's are ever offered.
 */
import { desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { orders, users } from '../../db/schema';
import type { Limit } from '../../lib/rate-limit';
import { AddressLookupError, type PostcodeAddress } from '../../providers/addresses';
import { parseUkPostcode } from '../../providers/distance';
import { POSTCODE_AREAS } from '../../providers/distance/postcode-areas';
import { AddressBookService } from '../address-book';
import type { AddressSuggestions } from './addresses.schemas';

/** How many earlier orders are looked through: enough for a regular sender, cheap for all. */
const RECENT_ORDERS = 200;
/** Each look-up is paid for: generous for someone booking, a wall for someone scraping. */
export const LOOKUP_LIMIT: Limit = { name: 'address-lookup', max: 120, windowSeconds: 60 * 60 };

type Suggestion = AddressSuggestions['items'][number];
type AnyAddress = Omit<Suggestion, 'source'>;

function canonical(postcode: string): string | null {
  return parseUkPostcode(postcode)?.postcode ?? null;
}

export async function suggestAddresses(
  deps: AppDeps,
  userId: string,
  postcode: string,
): Promise<AddressSuggestions> {
  const [user] = await deps.db.select({ address: users.address }).from(users).where(eq(users.id, userId));
  const recent = await deps.db
    .select({ collection: orders.collectionAddress, delivery: orders.deliveryAddress })
    .from(orders)
    .where(eq(orders.customerId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(RECENT_ORDERS);

  const items: Suggestion[] = [];
  const seen = new Set<string>();
  const add = (address: AnyAddress | null | undefined, source: Suggestion['source']) => {
    if (!address || canonical(address.postcode) !== postcode) return;
    const key = [address.line1, address.line2 ?? '', address.town].join('|').toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    items.push({
      line1: address.line1,
      ...(address.line2 ? { line2: address.line2 } : {}),
      town: address.town,
      ...(address.county ? { county: address.county } : {}),
      postcode,
      country: address.country,
      source,
    });
  };
  add(user?.address, 'saved');
  for (const entry of await new AddressBookService(deps).atPostcode(userId, postcode))
    add(entry.address, 'saved');
  for (const order of recent) {
    add(order.collection, 'order');
    add(order.delivery, 'order');
  }

  const lookup = await lookUp(deps, userId, postcode);
  for (const address of lookup.addresses) add(address, 'postcode');

  const area = parseUkPostcode(postcode)?.area;
  const known = lookup.addresses[0];
  return {
    postcode,
    postTown: known?.town ?? ((area && POSTCODE_AREAS[area]?.town) || null),
    county: known?.county ?? null,
    lookup: lookup.status,
    items,
  };
}

/**
 * The look-up service's addresses. Its failures are not the customer's: they are logged (the
 * reason only; a postcode with a name is personal data) and the form falls back to typing.
 */
async function lookUp(
  deps: AppDeps,
  userId: string,
  postcode: string,
): Promise<{ status: AddressSuggestions['lookup']; addresses: PostcodeAddress[] }> {
  if (!deps.addresses) return { status: 'off', addresses: [] };
  await deps.rateLimiter.hit(LOOKUP_LIMIT, userId);
  try {
    return { status: 'ok', addresses: await deps.addresses.addressesAt(postcode) };
  } catch (error) {
    if (!(error instanceof AddressLookupError)) throw error;
    deps.logger.warn({ provider: deps.addresses.name, reason: error.code }, 'address look-up failed');
    return { status: 'unavailable', addresses: [] };
  }
}
