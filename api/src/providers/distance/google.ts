/**
 * Road distance from the Google Distance Matrix API (the real provider, used when
 * GOOGLE_MAPS_API_KEY is configured).
 *
 * Contract used: GET {base}/maps/api/distancematrix/json?origins=<postcode>,UK
 * &destinations=<postcode>,UK&units=imperial&key=...; the answer's top-level `status` must be
 * OK and rows[0].elements[0] carries its own `status` and `distance.value` in metres.
 * `units=imperial` only changes the display text; `value` is always metres, so we convert
 * with the exact 1609.344 m/mile rather than a rougher "÷1000 ÷1.6".
 */

import { roundMiles } from './geo';
import { requireUkPostcode } from './postcode';
import { DistanceLookupError, type DistanceProvider } from './types';

export const GOOGLE_MAPS_BASE_URL = 'https://maps.googleapis.com';
const METRES_PER_MILE = 1609.344;

export type GoogleDistanceOptions = {
  apiKey: string;
  /** Overridable so tests can point at a local fake server. */
  baseUrl?: string | undefined;
  fetch?: typeof fetch | undefined;
  /** A quote waits on this call; a slow routing service must not hang the request. */
  timeoutMs?: number | undefined;
};

type DistanceMatrixResponse = {
  status?: unknown;
  error_message?: unknown;
  rows?: { elements?: { status?: unknown; distance?: { value?: unknown } }[] }[];
};

export function createGoogleDistanceProvider(options: GoogleDistanceOptions): DistanceProvider {
  const base = (options.baseUrl ?? GOOGLE_MAPS_BASE_URL).replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 5000;

  return {
    name: 'maps',
    async milesBetween(fromPostcode, toPostcode) {
      // Validate before spending a paid request on input that cannot be a postcode.
      const from = requireUkPostcode(fromPostcode);
      const to = requireUkPostcode(toPostcode);
      const query = new URLSearchParams({
        origins: `${from.postcode},UK`,
        destinations: `${to.postcode},UK`,
        units: 'imperial',
        key: options.apiKey,
      });
      // The URL holds the API key: it must never appear in an error message or log line.
      const url = `${base}/maps/api/distancematrix/json?${query}`;

      let response: Response;
      try {
        response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        throw new DistanceLookupError('upstream_unreachable', 'Distance Matrix request failed', {
          cause: error,
        });
      }
      if (!response.ok) {
        throw new DistanceLookupError('upstream_http', `Distance Matrix answered HTTP ${response.status}`, {
          upstreamStatus: String(response.status),
        });
      }

      let body: DistanceMatrixResponse;
      try {
        body = (await response.json()) as DistanceMatrixResponse;
      } catch (error) {
        throw new DistanceLookupError('bad_response', 'Distance Matrix answered with invalid JSON', {
          cause: error,
        });
      }
      return { miles: milesFromResponse(body), source: 'maps' };
    },
  };
}

function milesFromResponse(body: DistanceMatrixResponse): number {
  if (body.status !== 'OK') {
    const status = typeof body.status === 'string' ? body.status : 'MISSING';
    const detail = typeof body.error_message === 'string' ? `: ${body.error_message}` : '';
    throw new DistanceLookupError('upstream_status', `Distance Matrix status ${status}${detail}`, {
      upstreamStatus: status,
    });
  }
  const element = body.rows?.[0]?.elements?.[0];
  if (!element) throw new DistanceLookupError('bad_response', 'Distance Matrix answered without an element');
  switch (element.status) {
    case 'OK':
      break;
    case 'NOT_FOUND':
      throw new DistanceLookupError('not_found', 'A postcode could not be located', {
        upstreamStatus: 'NOT_FOUND',
      });
    case 'ZERO_RESULTS':
      throw new DistanceLookupError('zero_results', 'No road route between these postcodes', {
        upstreamStatus: 'ZERO_RESULTS',
      });
    default: {
      const status = typeof element.status === 'string' ? element.status : 'MISSING';
      throw new DistanceLookupError('upstream_status', `Distance Matrix element status ${status}`, {
        upstreamStatus: status,
      });
    }
  }
  const metres = element.distance?.value;
  if (typeof metres !== 'number' || !Number.isFinite(metres) || metres < 0) {
    throw new DistanceLookupError('bad_response', 'Distance Matrix element has no distance');
  }
  return roundMiles(metres / METRES_PER_MILE);
}
