import { useQuery } from '@tanstack/react-query';
import { type AddressBookEntry, addressBookApi, addressBookKeys } from '../api/address-book';
import type { UserProfile } from '../api/client';
import { type Order, type OrderAddress, ordersApi } from '../api/orders';
import { useAuth } from '../auth/auth';
import { useProfile } from '../auth/profile';
import type { SavedAddress } from './AddressFields';

/**
 * The embedded stand-in for a postcode look-up (docs/architecture.md §7, "address lookup by postcode"): the
 * account's saved address and the addresses of earlier orders, for the section's country.
 */
export function savedAddressesFor(
  country: string,
  profile: UserProfile | undefined,
  orders: readonly Order[],
  useProfileContact: boolean,
): SavedAddress[] {
  const options: SavedAddress[] = [];
  if (profile) {
    const address = profile.address && profile.address.country === country ? profile.address : null;
    if (address || useProfileContact) {
      options.push({
        id: 'profile',
        label: address
          ? `My account: ${[address.line1, address.town, address.postcode].filter(Boolean).join(', ')}`
          : 'My account: name, email and phone',
        values: {
          name: profile.name ?? '',
          email: profile.email,
          phone: profile.phone ?? '',
          ...(address
            ? {
                line1: address.line1,
                line2: address.line2 ?? '',
                town: address.town,
                county: address.county ?? '',
                postcode: address.postcode,
              }
            : {}),
        },
      });
    }
  }
  const seen = new Set<string>();
  const add = (address: OrderAddress) => {
    if (address.country !== country) return;
    const key = `${address.name}|${address.line1}|${address.postcode}`.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    options.push({
      id: `order-${options.length}`,
      label: `${address.name}, ${address.line1}, ${address.town} ${address.postcode}`,
      values: { ...address, line2: address.line2 ?? '' },
    });
  };
  for (const order of orders) {
    add(order.collectionAddress);
    add(order.deliveryAddress);
  }
  return options.slice(0, 12);
}

/** The address book's entries in a country, first among the choices, the default sender marked. */
export function bookAddressesFor(country: string, entries: readonly AddressBookEntry[]): SavedAddress[] {
  return entries
    .filter((entry) => entry.address.country === country)
    .map((entry) => {
      const a = entry.address;
      return {
        id: `book-${entry.id}`,
        label: `${entry.label}${entry.defaultSender ? ' (default sender)' : ''}: ${a.name}, ${a.line1}, ${a.town} ${a.postcode}`,
        values: { ...a, line2: a.line2 ?? '' },
        fromBook: true,
        defaultSender: entry.defaultSender,
      };
    });
}

/** How many address book entries the form offers: the first page, the default sender first. */
const BOOK_CHOICES = 100;

/**
 * The saved addresses the booking and job forms offer: the address book's (docs/batches.md),
 * then the account's and those of the last 20 orders, for the collection (in the UK, with the
 * account's contact details) and the delivery.
 */
export function useSavedAddresses(deliveryCountry: string) {
  const { apiClient } = useAuth();
  const profile = useProfile();
  const recent = useQuery({
    queryKey: ['orders', 'recent-addresses'],
    queryFn: ({ signal }) => ordersApi.list(apiClient, { limit: 20 }, signal),
    staleTime: 60_000,
  });
  const book = useQuery({
    queryKey: [...addressBookKeys.all, 'choices'],
    queryFn: ({ signal }) => addressBookApi.list(apiClient, { limit: BOOK_CHOICES }, signal),
    staleTime: 60_000,
  });
  const orders = recent.data?.items ?? [];
  const entries = book.data?.items ?? [];
  return {
    /** Settled once the address book has answered (or failed): the default sender is known then. */
    bookLoaded: !book.isPending,
    collection: [...bookAddressesFor('GB', entries), ...savedAddressesFor('GB', profile.data, orders, true)],
    delivery: [
      ...bookAddressesFor(deliveryCountry, entries),
      ...savedAddressesFor(deliveryCountry, profile.data, orders, false),
    ],
  };
}
