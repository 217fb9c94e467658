/**
 * "Save to my address book" on the booking form: a ticked section needs a label, and its address
 * is saved to the book (docs/batches.md, "Address book") when the form is sent.
 */
import { type AddressBookEntry, addressBookApi } from '../api/address-book';
import { type ApiClient, fieldErrorsOf } from '../api/client';
import type { BookingValues } from './formValues';
import { toAddress } from './shipmentBody';

export const SECTIONS = ['collection', 'delivery'] as const;
export const LABEL_NEEDED = 'Give this address a label to save it, such as Warehouse or Mum';

/** The label each ticked section lacks, by field path (the form's resolver adds these). */
export function saveToBookErrors(values: BookingValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const section of SECTIONS) {
    const choice = values.saveToBook?.[section];
    if (!choice?.save) continue;
    const label = choice.label.trim();
    if (!label) errors[`saveToBook.${section}.label`] = LABEL_NEEDED;
    else if (label.length > 40) errors[`saveToBook.${section}.label`] = 'Label must be at most 40 characters';
  }
  return errors;
}

type Saved = { section: (typeof SECTIONS)[number]; entry: AddressBookEntry };

export type SaveOutcome =
  | { ok: true; saved: Saved[] }
  /** The book refused a label (already used): the message goes to that section's label field. */
  | { ok: false; path: string; message: string; saved: Saved[] };

/** Saves each ticked section's address under its label; stops at the first refusal. */
export async function saveTickedAddresses(client: ApiClient, values: BookingValues): Promise<SaveOutcome> {
  const saved: Saved[] = [];
  for (const section of SECTIONS) {
    const choice = values.saveToBook?.[section];
    if (!choice?.save) continue;
    try {
      const entry = await addressBookApi.create(client, {
        label: choice.label.trim(),
        address: toAddress(values[section]),
        defaultSender: false,
      });
      saved.push({ section, entry });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const message =
        fields.label ?? Object.values(fields)[0] ?? (error instanceof Error ? error.message : String(error));
      return { ok: false, path: `saveToBook.${section}.label`, message, saved };
    }
  }
  return { ok: true, saved };
}
