import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, isApiError } from '../../shared/api/client';
import { type QuoteRequest, quotesApi } from '../../shared/api/quotes';
import { searchFromRequest } from '../../shared/quotes/quoteQuery';

/** A stored quote is bookable for 30 minutes; refetch a little before, so Book Now never holds a stale one. */
const QUOTE_FRESH_MS = 25 * 60 * 1000;

export function quoteQueryKey(request: QuoteRequest) {
  return ['quotes', searchFromRequest(request)] as const;
}

/**
 * The quote of one search, as the page and its prefetch ask for it. Through the session's client
 * the request waits for a session restore under way, so a signed-in customer's quote is theirs.
 */
export function quoteQuery(apiClient: ApiClient, request: QuoteRequest) {
  return queryOptions({
    queryKey: quoteQueryKey(request),
    queryFn: ({ signal }) => quotesApi.create(apiClient, request, signal),
    staleTime: QUOTE_FRESH_MS,
    gcTime: QUOTE_FRESH_MS,
    retry: (count, error) => count < 1 && (!isApiError(error) || error.status >= 500 || error.status === 0),
  });
}
