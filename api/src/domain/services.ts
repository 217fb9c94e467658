/**
 * The kinds of courier service Consign sells (DESIGN §3). One list for the API: the database
 * columns, the request schemas, the quote engine and the VAT table all read it from here.
 */
export const SERVICE_TYPE_VALUES = ['domestic', 'international', 'same_day'] as const;
export type ServiceType = (typeof SERVICE_TYPE_VALUES)[number];

/** Wildcard location: the service collects from / delivers to anywhere in its scope. */
export const ANY_LOCATION = 'Any';
