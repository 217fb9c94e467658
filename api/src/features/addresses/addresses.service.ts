/**
 * Address suggestions for a postcode, the embedded default of DESIGN §2: the caller's saved
 * address and the addresses of their earlier orders with that postcode, plus the post town the
 * postcode area is known by. Only the caller's own addresses: nobody else's are ever offered.
 */
import { desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { orders, users } from '../../db/schema';
import { parseUkPostcode } from '../../providers/distance';
import { POSTCODE_AREAS } from '../../providers/distance/postcode-areas';
import type { AddressSuggestions } from './addresses.schemas';

/** How many earlier orders are looked through: enough for a regular sender, cheap for all. */
const RECENT_ORDERS = 200;

type Suggestion = AddressSuggestions['items'][number];
type AnyAddress = {
  line1: string;
  line2?: string;
  town: string;
  county?: string;
  postcode: string;
  country: string;
};

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
  for (const order of recent) {
    add(order.collection, 'order');
    add(order.delivery, 'order');
  }
  const area = parseUkPostcode(postcode)?.area;
  return { postcode, postTown: (area && POSTCODE_AREAS[area]?.town) || null, items };
}
