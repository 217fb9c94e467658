/**
 * The address book entry form's values and rules: the label, then the booking form's address
 * checks (shared/booking-form/bookingSchema.ts), so a saved address is one a booking accepts.
 */
import { z } from 'zod';
import type { AddressBookEntry, CreateAddressBookEntry } from '../../shared/api/address-book';
import { addressSchema } from '../../shared/booking-form/bookingSchema';
import { type AddressValues, emptyAddress } from '../../shared/booking-form/formValues';

export interface EntryValues {
  label: string;
  address: AddressValues;
  defaultSender: boolean;
}

export const LABEL_MAX = 40;

export const entrySchema = z.object({
  label: z
    .string()
    .trim()
    .min(1, 'Label is required')
    .max(LABEL_MAX, `Label must be at most ${LABEL_MAX} characters`),
  address: addressSchema,
  defaultSender: z.boolean(),
});

export function valuesFromEntry(entry: AddressBookEntry | undefined): EntryValues {
  if (!entry) return { label: '', address: emptyAddress('GB'), defaultSender: false };
  const { address } = entry;
  return {
    label: entry.label,
    address: { ...emptyAddress(address.country), ...address, line2: address.line2 ?? '' },
    defaultSender: entry.defaultSender,
  };
}

/** The request body: trimmed, an empty second line left out. */
export function bodyFromValues(values: EntryValues): CreateAddressBookEntry {
  const a = values.address;
  const trim = (s: string) => s.trim();
  return {
    label: values.label.trim(),
    address: {
      name: trim(a.name),
      email: trim(a.email),
      phone: trim(a.phone),
      line1: trim(a.line1),
      ...(a.line2.trim() ? { line2: trim(a.line2) } : {}),
      town: trim(a.town),
      county: trim(a.county),
      postcode: trim(a.postcode),
      country: a.country,
    },
    defaultSender: values.defaultSender,
  };
}

/** One line for a list: "10 Downing Street, London SW1A 2AA". */
export function oneLine(address: AddressBookEntry['address']): string {
  const street = [address.line1, address.line2].filter(Boolean).join(', ');
  const place = [address.town, address.postcode].filter(Boolean).join(' ');
  return [street, place, address.country === 'GB' ? '' : address.country].filter(Boolean).join(', ');
}
