export interface AddressValues {
  name: string;
  email: string;
  phone: string;
  line1: string;
  line2: string;
  town: string;
  county: string;
  postcode: string;
  /** ISO code, read-only: it comes from the quote's route. */
  country: string;
}

export interface CustomsValues {
  documentType: string;
  reasonForExport: string;
  senderType: string;
  recipientType: string;
  senderEori: string;
  recipientEori: string;
  senderCompanyName: string;
  recipientCompanyName: string;
}

export interface ItemValues {
  description: string;
  hsCode: string;
  quantity: string;
  unitValue: string;
  originCountry: string;
}

export interface BookingValues {
  collection: AddressValues;
  delivery: AddressValues;
  collectionDate: string;
  contents: string;
  contentValue: string;
  notes: string;
  /** '' until chosen; '0' is the explicit "no extended cover". */
  cover: string;
  customs: CustomsValues;
  items: ItemValues[];
  terms: boolean;
  /** A service collected or dropped off: how this parcel starts (shared/dropoff). */
  handoverChoice?: 'collection' | 'drop_off';
  /** The drop-off point chosen in the picker; '' until chosen. */
  dropOffPointId?: string;
  /** "Save to my address book" of each section, with the label to save it under (not sent with the order). */
  saveToBook?: Partial<Record<'collection' | 'delivery', SaveToBook>>;
}

export interface SaveToBook {
  save: boolean;
  label: string;
}

export const emptyAddress = (country: string): AddressValues => ({
  name: '',
  email: '',
  phone: '',
  line1: '',
  line2: '',
  town: '',
  county: '',
  postcode: '',
  country,
});

export const emptyCustoms = (): CustomsValues => ({
  documentType: '',
  reasonForExport: '',
  senderType: '',
  recipientType: '',
  senderEori: '',
  recipientEori: '',
  senderCompanyName: '',
  recipientCompanyName: '',
});

export const emptyItem = (originCountry = ''): ItemValues => ({
  description: '',
  hsCode: '',
  quantity: '1',
  unitValue: '',
  originCountry,
});

export function emptyBooking(route: { from: string; to: string; international: boolean }): BookingValues {
  return {
    collection: emptyAddress(route.from),
    delivery: emptyAddress(route.to),
    collectionDate: '',
    contents: '',
    contentValue: '',
    notes: '',
    // "No extended cover" is the default choice; paid cover is opt-in.
    cover: '0',
    customs: emptyCustoms(),
    items: route.international ? [emptyItem()] : [],
    terms: false,
  };
}
