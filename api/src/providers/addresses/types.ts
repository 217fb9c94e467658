import type { PostalAddress } from '../../db/schema/users';

/**
 * An address a postcode look-up service knows at a postcode, in the fields every stored address
 * has; `country` is GB, or IM/JE/GG for the Crown Dependencies the service also covers.
 */
export type PostcodeAddress = PostalAddress;

export interface AddressLookup {
  /** For the start-up log. */
  readonly name: string;
  /**
   * Every address at a normalised UK postcode ("SW1A 2AA"); an empty list when the service does
   * not know the postcode. Rejects with AddressLookupError when the service cannot answer.
   */
  addressesAt(postcode: string): Promise<PostcodeAddress[]>;
}

/**
 * - unauthorized: the key is wrong (401)
 * - no_balance: the account's lookups are spent or a daily limit is reached (402)
 * - upstream_http / upstream_unreachable / bad_response: the service failed or is busy
 * None of these is the customer's fault: the caller falls back to the embedded suggestions.
 */
export type AddressLookupErrorCode =
  | 'unauthorized'
  | 'no_balance'
  | 'upstream_http'
  | 'upstream_unreachable'
  | 'bad_response';

export class AddressLookupError extends Error {
  constructor(
    readonly code: AddressLookupErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AddressLookupError';
  }
}
