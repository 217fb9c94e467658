/** Addresses at a postcode (GET /api/v1/addresses), for the booking and job forms. */

import type { components } from '@consign/api/client';
import { formatPostcode, isUkPostcode } from '@consign/shared/postcodes';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { type ApiClient, unwrap } from '../api/client';
import { useAuth } from '../auth/auth';

export type AddressSuggestions = components['schemas']['AddressSuggestions'];
export type AddressSuggestion = AddressSuggestions['items'][number];

/** Typing pauses this long before a look-up: one request per postcode, not per keystroke. */
export const LOOKUP_DELAY_MS = 300;

export const addressesApi = {
  suggest: async (client: ApiClient, postcode: string, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/addresses', { params: { query: { postcode } }, signal })),
};

/**
 * The suggestions for what is typed in a Postcode field, once it is a whole UK postcode and
 * typing has paused. Each postcode is asked once in a while (each look-up may be paid for).
 */
export function usePostcodeAddresses(typed: string, enabled: boolean) {
  const { apiClient } = useAuth();
  const settled = useDebouncedValue(typed, LOOKUP_DELAY_MS);
  const postcode = enabled && isUkPostcode(settled) ? formatPostcode(settled) : null;
  const query = useQuery({
    queryKey: ['addresses', postcode],
    queryFn: ({ signal }) => addressesApi.suggest(apiClient, postcode as string, signal),
    enabled: postcode !== null,
    staleTime: 10 * 60_000,
    // A failed look-up is not worth a second paid try: the form says so and the person types.
    retry: false,
  });
  return { postcode, ...query };
}

/** "Flat 2, 10 Downing Street, London", and where it comes from when it is the person's own. */
export function describeSuggestion(address: AddressSuggestion): string {
  const text = [address.line1, address.line2, address.town].filter(Boolean).join(', ');
  if (address.source === 'saved') return `${text} (your saved address)`;
  if (address.source === 'order') return `${text} (an earlier order)`;
  return text;
}
