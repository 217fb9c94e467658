/** Same-day quotes are priced by road miles between two UK postcodes. */
export type DistanceSource = 'estimate' | 'maps';

export type DistanceResult = { miles: number; source: DistanceSource };

export interface DistanceProvider {
  /** 'maps' when a routing service answers, 'estimate' for the embedded great-circle estimate. */
  readonly name: DistanceSource;
  /** Rejects with DistanceLookupError. */
  milesBetween(fromPostcode: string, toPostcode: string): Promise<DistanceResult>;
}

export type LatLon = { lat: number; lon: number };

/**
 * Looks up a centroid more exact than the postcode area's (full postcode or outward code),
 * typically from the table filled by `pnpm postcodes:import`. It receives the normalised
 * postcode ("SW1A 1AA", as `parseUkPostcode(...).postcode` and `parseOnsPostcodeCsv` give it)
 * and answers null when it has nothing better.
 */
export type LookupCentroid = (postcode: string) => Promise<LatLon | null>;

/**
 * - invalid_postcode: not a UK postcode (the customer's input; nothing was sent anywhere)
 * - not_found / zero_results: the routing service does not know a postcode, or has no road
 *   route between them (also the customer's input: answer 422, not 502)
 * - upstream_status / upstream_http / upstream_unreachable / bad_response: the routing
 *   service failed; a caller may fall back to the estimate
 */
export type DistanceErrorCode =
  | 'invalid_postcode'
  | 'not_found'
  | 'zero_results'
  | 'upstream_status'
  | 'upstream_http'
  | 'upstream_unreachable'
  | 'bad_response';

export class DistanceLookupError extends Error {
  readonly code: DistanceErrorCode;
  /** The routing service's own status (e.g. REQUEST_DENIED) or HTTP status, when there is one. */
  readonly upstreamStatus: string | undefined;

  constructor(
    code: DistanceErrorCode,
    message: string,
    options: { upstreamStatus?: string; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DistanceLookupError';
    this.code = code;
    this.upstreamStatus = options.upstreamStatus;
  }

  /** True when the problem is the postcodes the customer gave, not the service. */
  get isInputError(): boolean {
    return this.code === 'invalid_postcode' || this.code === 'not_found' || this.code === 'zero_results';
  }
}
