/** A postal address as orders store it (the order contract's address shape). */
export type Address = {
  name: string;
  phone: string;
  email: string;
  line1: string;
  line2?: string | null;
  town: string;
  county: string;
  postcode: string;
  /** ISO 3166-1 alpha-2, e.g. "GB". */
  country: string;
};
