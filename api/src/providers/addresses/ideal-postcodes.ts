/**
 * Addresses at a postcode from Ideal Postcodes' Postcode Lookup API (the real provider, used
 * when IDEAL_POSTCODES_API_KEY is configured).
 *
 * Contract used (their OpenAPI document, `@ideal-postcodes/openapi`): GET {base}/v1/postcodes/
 * {postcode}, the key in `Authorization: api_key="…"` (the document's alternative to the query
 * string, chosen so that the key never sits in a URL that might be logged). 200 carries
 * `result` (PAF records with `line_1..3`, `post_town`, `county`, `postcode`, `country_iso_2`)
 * and `total`; more than 100 premises come in pages (`page`); 404 (4040) means the postcode is
 * unknown, which is an answer, not a failure.
 */
import { type AddressLookup, AddressLookupError, type PostcodeAddress } from './types';

export const IDEAL_POSTCODES_BASE_URL = 'https://api.ideal-postcodes.co.uk';
/** Enough for the largest multiple-residence postcodes; each page is one paid lookup's worth. */
const MAX_PAGES = 5;

export type IdealPostcodesOptions = {
  apiKey: string;
  /** Overridable so tests can point at the local fake. */
  baseUrl?: string | undefined;
  fetch?: typeof fetch | undefined;
  /** The booking form waits on this call while the person types. */
  timeoutMs?: number | undefined;
};

type PafRecord = {
  line_1?: unknown;
  line_2?: unknown;
  line_3?: unknown;
  post_town?: unknown;
  county?: unknown;
  postcode?: unknown;
  country_iso_2?: unknown;
};
type PostcodeResponse = { result?: unknown; total?: unknown; limit?: unknown };

export function createIdealPostcodesLookup(options: IdealPostcodesOptions): AddressLookup {
  const base = (options.baseUrl ?? IDEAL_POSTCODES_BASE_URL).replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 4000;
  const authorization = `api_key="${options.apiKey.replace(/"/g, '')}"`;

  async function page(postcode: string, index: number): Promise<PostcodeResponse | null> {
    const query = index > 0 ? `?page=${index}` : '';
    let response: Response;
    try {
      response = await fetchImpl(`${base}/v1/postcodes/${encodeURIComponent(postcode)}${query}`, {
        headers: { authorization, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new AddressLookupError('upstream_unreachable', 'Ideal Postcodes request failed', {
        cause: error,
      });
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      const code =
        response.status === 401 ? 'unauthorized' : response.status === 402 ? 'no_balance' : 'upstream_http';
      throw new AddressLookupError(code, `Ideal Postcodes answered HTTP ${response.status}`);
    }
    try {
      return (await response.json()) as PostcodeResponse;
    } catch (error) {
      throw new AddressLookupError('bad_response', 'Ideal Postcodes answered with invalid JSON', {
        cause: error,
      });
    }
  }

  return {
    name: 'Ideal Postcodes',
    async addressesAt(postcode) {
      const records: PafRecord[] = [];
      for (let index = 0; index < MAX_PAGES; index++) {
        const body = await page(postcode, index);
        if (!body) return [];
        if (!Array.isArray(body.result) || typeof body.total !== 'number') {
          throw new AddressLookupError('bad_response', 'Ideal Postcodes answered without a result list');
        }
        records.push(...(body.result as PafRecord[]));
        if (body.result.length === 0 || records.length >= body.total) break;
      }
      return records.map(toAddress).filter((a): a is PostcodeAddress => a !== null);
    },
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** PAF's three formatted lines become Street and Address line 2; the county is optional. */
function toAddress(record: PafRecord): PostcodeAddress | null {
  const lines = [text(record.line_1), text(record.line_2), text(record.line_3)].filter(Boolean);
  const town = text(record.post_town);
  const postcode = text(record.postcode);
  if (lines.length === 0 || !town || !postcode) return null;
  const county = text(record.county);
  const line2 = lines.slice(1).join(', ');
  return {
    line1: lines[0] as string,
    ...(line2 ? { line2 } : {}),
    town: titleCase(town),
    ...(county ? { county } : {}),
    postcode,
    country: text(record.country_iso_2) || 'GB',
  };
}

/** Royal Mail writes some post towns in capitals ("LONDON"); the form shows "London". */
function titleCase(town: string): string {
  if (town !== town.toUpperCase()) return town;
  return town
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}
