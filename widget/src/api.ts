import type { Schemas } from '@consign/api/client';
import { warn } from './log';

/**
 * The widget's two calls, typed by the API's generated schema: when the quote wire format
 * changes, this file (and the UI reading it) stops compiling instead of breaking in partners' pages.
 * openapi-fetch is not used: the widget must stay small, and it makes two calls only.
 */
export type Quote = Schemas['Quote'];
export type QuoteOption = Schemas['QuoteOption'];
export type QuoteRequest = Schemas['QuoteRequest'];
export type ReferenceData = Schemas['ReferenceData'];
type Problem = Schemas['Problem'];

export class WidgetApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** Consign refused the key or the page's origin (401/403), or could not be reached (0). */
    readonly refused = false,
  ) {
    super(message);
  }
}

export interface WidgetApi {
  referenceData(): Promise<ReferenceData>;
  quote(request: QuoteRequest): Promise<Quote>;
}

export function createWidgetApi(origin: string, key: string, fetcher: typeof fetch = fetch): WidgetApi {
  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    let res: Response;
    try {
      res = await fetcher(`${origin}/api/v1${path}`, {
        ...init,
        // A publishable key is the only credential; cookies never cross origins.
        credentials: 'omit',
        headers: { 'Content-Type': 'application/json', 'X-Publishable-Key': key },
      });
    } catch {
      const message = `Could not reach Consign at ${origin}.`;
      warn(message);
      throw new WidgetApiError('network', message, true);
    }
    const body = (await res.json().catch(() => null)) as unknown;
    if (res.ok) return body as T;
    const problem = (body ?? {}) as Partial<Problem>;
    const code = problem.code ?? `http_${res.status}`;
    const detail = problem.detail ?? `Consign answered ${res.status}.`;
    // Key and origin problems are the partner's to fix: say so where their developers look (the
    // console and the error event), never to the shopper.
    const refused = res.status === 401 || res.status === 403;
    if (refused) warn(`${detail} (key ${key}, page origin ${location.origin})`);
    throw new WidgetApiError(code, detail, refused);
  }
  return {
    referenceData: () => call<ReferenceData>('/meta'),
    quote: (request) => call<Quote>('/quotes', { method: 'POST', body: JSON.stringify(request) }),
  };
}
