/**
 * The address book and saved parcel sizes (docs/batches.md, "Address book"): the page at
 * /address-book and the booking form share these calls.
 */
import type { components } from '@consign/api/client';
import { type ApiClient, unwrap } from './client';

type Schemas = components['schemas'];

export type AddressBookEntry = Schemas['AddressBookEntry'];
export type AddressBookPage = Schemas['AddressBookPage'];
export type CreateAddressBookEntry = Schemas['CreateAddressBookEntry'];
export type UpdateAddressBookEntry = Schemas['UpdateAddressBookEntry'];
export type AddressImportResult = Schemas['AddressImportResult'];
export type SavedParcel = Schemas['SavedParcel'];
export type CreateSavedParcel = Schemas['CreateSavedParcel'];

export const addressBookKeys = {
  all: ['address-book'] as const,
  list: (q: string, page: number) => ['address-book', 'list', q, page] as const,
  parcels: ['parcel-sizes'] as const,
};

export const addressBookApi = {
  list: async (
    client: ApiClient,
    query: { q?: string; page?: number; limit?: number },
    signal?: AbortSignal,
  ) => unwrap(await client.GET('/api/v1/address-book', { params: { query }, signal })),
  create: async (client: ApiClient, body: CreateAddressBookEntry) =>
    unwrap(await client.POST('/api/v1/address-book', { body })),
  update: async (client: ApiClient, id: string, body: UpdateAddressBookEntry) =>
    unwrap(await client.PATCH('/api/v1/address-book/{id}', { params: { path: { id } }, body })),
  remove: async (client: ApiClient, id: string) =>
    unwrap(await client.DELETE('/api/v1/address-book/{id}', { params: { path: { id } } })),
  /** The CSV file itself is the body (text/csv): all lines or none. */
  import: async (client: ApiClient, file: File) => {
    const text = await readText(file);
    return unwrap(
      await client.POST('/api/v1/address-book/import', {
        // openapi-fetch types the body by its content type's schema; the file text is sent as it is.
        body: text as never,
        bodySerializer: (body) => body as unknown as string,
        headers: { 'Content-Type': 'text/csv' },
      }),
    );
  },
  parcels: async (client: ApiClient, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/parcel-sizes', { signal })),
  createParcel: async (client: ApiClient, body: CreateSavedParcel) =>
    unwrap(await client.POST('/api/v1/parcel-sizes', { body })),
  removeParcel: async (client: ApiClient, id: string) =>
    unwrap(await client.DELETE('/api/v1/parcel-sizes/{id}', { params: { path: { id } } })),
};

/** The CSV import's header, as the API reads it. */
export const ADDRESS_CSV_COLUMNS =
  'label,name,email,phone,line1,line2,town,county,postcode,country,default_sender';

/** "Line 3, postcode: Enter a valid UK postcode" from an import's `lines.3.postcode` error path. */
export function describeImportProblem(path: string, message: string): string {
  const line = /^lines\.(\d+)\.(.+)$/.exec(path);
  if (line) return `Line ${line[1]}, ${line[2]}: ${message}`;
  if (path === 'header') return `Header: ${message}`;
  return message;
}

/** The file's text through FileReader, which every browser (and the unit tests' jsdom) has. */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}
