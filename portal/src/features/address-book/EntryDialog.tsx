import { postcodeRequired } from '@consign/shared/addresses';
import { formatPostcode } from '@consign/shared/postcodes';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { get, useForm } from 'react-hook-form';
import { SelectField, TextField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import type { AddressBookEntry } from '../../shared/api/address-book';
import { describeError, isApiError } from '../../shared/api/client';
import { countryOptions, useReferenceData } from '../../shared/api/meta';
import {
  CONTACT_FIELDS,
  postcodeLabel,
  STREET_FIELDS,
  streetFieldFor,
} from '../../shared/booking-form/AddressFields';
import { type EntryValues, entrySchema, LABEL_MAX, valuesFromEntry } from './entryForm';

const UK = { code: 'GB', name: 'United Kingdom' };

/**
 * Add or edit a saved address: a label, the booking form's address fields and checks, and
 * whether it is the default sender. The server's refusals (a label already used) show at their
 * fields.
 */
export function EntryDialog({
  entry,
  busy,
  error,
  onSave,
  onClose,
}: {
  entry?: AddressBookEntry;
  busy: boolean;
  /** The refused save, if any. */
  error: unknown;
  onSave: (values: EntryValues) => void;
  onClose: () => void;
}) {
  const reference = useReferenceData();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors },
  } = useForm<EntryValues>({
    resolver: zodResolver(entrySchema),
    defaultValues: valuesFromEntry(entry),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  useEffect(() => {
    if (!isApiError(error, 422)) return;
    for (const e of error.problem.errors ?? []) {
      const path = e.path === 'label' || e.path.startsWith('address.') ? e.path : null;
      if (path) setError(path as 'label', { type: 'server', message: e.message }, { shouldFocus: true });
    }
  }, [error, setError]);

  const country = watch('address.country');
  const isUk = country === 'GB';
  const countries = [UK, ...(reference.data?.internationalDestinations ?? [])];
  const message = (path: string) => (get(errors, path) as { message?: string } | undefined)?.message;
  const otherError = error && !isApiError(error, 422) ? describeError(error) : undefined;
  const postcode = register('address.postcode');

  return (
    <Modal title={entry ? `Edit “${entry.label}”` : 'Add an address'} onClose={onClose} size="md">
      <form
        className="stack address-entry"
        onSubmit={handleSubmit(onSave)}
        noValidate
        aria-label={entry ? 'Edit address' : 'New address'}
      >
        <TextField
          label="Label"
          hint="Your own name for it, such as Warehouse or Mum"
          maxLength={LABEL_MAX}
          required
          error={message('label')}
          data-autofocus
          {...register('label')}
        />
        <div className="form-grid">
          {CONTACT_FIELDS.map((f) => (
            <TextField
              key={f.key}
              label={f.label}
              type={f.type}
              inputMode={f.inputMode}
              autoComplete={f.autoComplete}
              required={f.required}
              error={message(`address.${f.key}`)}
              {...register(`address.${f.key}`)}
            />
          ))}
          {STREET_FIELDS.map((field) => {
            const f = streetFieldFor(field, country);
            return (
              <TextField
                key={f.key}
                label={f.label}
                autoComplete={f.autoComplete}
                required={f.required}
                error={message(`address.${f.key}`)}
                {...register(`address.${f.key}`)}
              />
            );
          })}
          <TextField
            label={postcodeLabel(country)}
            autoComplete="postal-code"
            autoCapitalize="characters"
            required={postcodeRequired(country)}
            hint={isUk ? 'A UK postcode, such as SW1A 1AA' : undefined}
            error={message('address.postcode')}
            {...postcode}
            onBlur={(event) => {
              if (isUk) {
                const formatted = formatPostcode(event.target.value);
                if (formatted !== event.target.value) setValue('address.postcode', formatted);
              }
              return postcode.onBlur(event);
            }}
          />
          <SelectField
            label="Country"
            options={countryOptions(countries)}
            error={message('address.country')}
            {...register('address.country')}
          />
        </div>
        <label className="checkbox">
          <input type="checkbox" {...register('defaultSender')} />
          <span>
            Default sender <span className="muted">(bookings and batches start from it)</span>
          </span>
        </label>
        {otherError ? (
          <p className="alert alert--error" role="alert">
            {otherError}
          </p>
        ) : null}
        <div className="row address-book__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? <Spinner label="Saving" /> : 'Save address'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
