/**
 * The postcode look-up of the booking form (docs/architecture.md §7, address look-up): once
 * a whole UK postcode is typed, the addresses known there are offered in a list; choosing one
 * fills the street, town and county, which stay editable.
 *
 * The list is a native <select> rather than a custom combobox: it appears under the Postcode
 * field only once there are results, every browser and screen reader already knows how to work
 * it by keyboard and touch (a phone opens its own picker, which matters at 320 px), and the
 * postcode input stays a plain text field for autofill. GOV.UK's address pattern is the same.
 */

import { useEffect, useId, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Spinner } from '../../components/Spinner';
import { isApiError } from '../api/client';
import type { BookingValues } from './formValues';
import { type AddressSuggestion, describeSuggestion, usePostcodeAddresses } from './postcodeAddresses';

type Prefix = 'collection' | 'delivery';

export function PostcodeAddresses({ prefix }: { prefix: Prefix }) {
  const { setValue, getValues, formState } = useFormContext<BookingValues>();
  const typed = useWatch<BookingValues, `${Prefix}.postcode`>({ name: `${prefix}.postcode` }) ?? '';
  const lookup = usePostcodeAddresses(typed, true);
  const id = useId();
  const [filled, setFilled] = useState('');
  const prefilledFor = useRef<string | null>(null);
  const data = lookup.data;

  // The postcode's town and county go into empty fields, never over what the person typed, and
  // never into the field they are in: the answer can land as they start typing there, and their
  // letters would then join ours ("EdinburghEd").
  useEffect(() => {
    if (!data || prefilledFor.current === data.postcode) return;
    prefilledFor.current = data.postcode;
    const free = (key: 'town' | 'county') =>
      !getValues(`${prefix}.${key}`)?.trim() &&
      (document.activeElement as HTMLInputElement | null)?.name !== `${prefix}.${key}`;
    if (data.postTown && free('town')) setValue(`${prefix}.town`, data.postTown, { shouldDirty: true });
    if (data.county && free('county')) setValue(`${prefix}.county`, data.county, { shouldDirty: true });
  }, [data, getValues, setValue, prefix]);

  function choose(address: AddressSuggestion) {
    // Validate straight away only once the person has tried to submit, as typing does.
    const options = { shouldDirty: true, shouldValidate: formState.isSubmitted };
    setValue(`${prefix}.line1`, address.line1, options);
    setValue(`${prefix}.line2`, address.line2 ?? '', options);
    setValue(`${prefix}.town`, address.town, options);
    setValue(`${prefix}.county`, address.county ?? '', options);
    setValue(`${prefix}.postcode`, address.postcode, options);
    setFilled(`Address filled in: ${address.line1}, ${address.town}.`);
  }

  if (!lookup.postcode) return null;
  const postcode = lookup.postcode;
  const unknown = isApiError(lookup.error, 422);
  const unavailable = (lookup.isError && !unknown) || data?.lookup === 'unavailable';
  const items = data?.items ?? [];

  return (
    <div className="postcode-addresses">
      <div aria-live="polite" className="postcode-addresses__status">
        {lookup.isFetching && !data ? (
          <p className="postcode-addresses__note">
            <Spinner /> Looking up addresses at {postcode}…
          </p>
        ) : null}
        {data && !lookup.isFetching && items.length === 0 && data.lookup === 'ok' ? (
          <p className="postcode-addresses__note">
            No addresses found at {postcode}. Please enter the address below.
          </p>
        ) : null}
        {unknown ? (
          <p className="postcode-addresses__note">
            {postcode} is not a UK postcode we know. Please check it.
          </p>
        ) : null}
        {unavailable && !lookup.isFetching ? (
          <p className="postcode-addresses__note">
            Address look-up is unavailable right now. Please enter the address below.
          </p>
        ) : null}
        {filled ? <p className="visually-hidden">{filled}</p> : null}
      </div>
      {items.length > 0 ? (
        <div className="field">
          <label className="field__label" htmlFor={id}>
            Choose an address at {postcode}
          </label>
          <select
            id={id}
            className="input input--select"
            value=""
            aria-describedby={`${id}-hint`}
            onChange={(event) => {
              const address = items[Number(event.target.value)];
              if (address) choose(address);
            }}
          >
            <option value="">
              {items.length === 1 ? '1 address found' : `${items.length} addresses found`}
            </option>
            {items.map((address, index) => (
              <option key={`${address.source}-${address.line1}-${address.line2 ?? ''}`} value={index}>
                {describeSuggestion(address)}
              </option>
            ))}
          </select>
          <p className="field__hint" id={`${id}-hint`}>
            Fills the street, town and county; you can still change them. Not listed? Enter it below.
          </p>
        </div>
      ) : null}
    </div>
  );
}
