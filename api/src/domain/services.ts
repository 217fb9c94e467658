/**
 * The kinds of courier service Consign sells (docs/architecture.md §3.1): the list every package shares, from
 * @consign/shared. The database columns, the request schemas, the quote engine and the VAT table
 * all read it from here.
 */
export { ANY_LOCATION } from '@consign/shared/nations';
export { SERVICE_TYPE_VALUES, type ServiceType } from '@consign/shared/services';
