/**
 * The sections of the booking form (step 1), shared with "post a job". Each reads the form
 * through useFormContext, so the pages only arrange them.
 */

import { formatMoney } from '@consign/shared/money';
import { formatPostcode } from '@consign/shared/postcodes';
import { type ReactNode, useId, useState } from 'react';
import { type FieldPath, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { countryOptions, type ReferenceData } from '../../app/meta';
import { FieldError, SelectField, TextAreaField, TextField } from '../../components/Field';
import { ukDate } from '../../lib/format';
import type { CoverTier } from '../api/booking';
import { errorAt } from './formResolver';
import { HsCodeFinder } from './HsCodeFinder';
import { PostcodeAddresses } from './PostcodeAddresses';
import {
  type AddressValues,
  type BookingValues,
  breakdownTotal,
  emptyItem,
  lineSubtotal,
} from './validation';

function useFieldError() {
  const {
    formState: { errors },
  } = useFormContext<BookingValues>();
  return (name: string): string | undefined => errorAt(errors, name);
}

/* ------------------------------------------------------------------ addresses */

export interface SavedAddress {
  id: string;
  label: string;
  values: Partial<AddressValues>;
}

const ADDRESS_KEYS = ['name', 'email', 'phone', 'line1', 'line2', 'town', 'county', 'postcode'] as const;

interface AddressInput {
  key: Exclude<(typeof ADDRESS_KEYS)[number], 'postcode'>;
  label: string;
  type?: 'email' | 'tel';
  inputMode?: 'email' | 'tel';
  /** The autofill token, after the section's name. */
  autoComplete: string;
  required: boolean;
}

const CONTACT_FIELDS: readonly AddressInput[] = [
  { key: 'name', label: 'Full name', autoComplete: 'name', required: true },
  { key: 'email', label: 'Email', type: 'email', inputMode: 'email', autoComplete: 'email', required: true },
  {
    key: 'phone',
    label: 'Contact number',
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel',
    required: true,
  },
];

const STREET_FIELDS: readonly AddressInput[] = [
  { key: 'line1', label: 'Street', autoComplete: 'address-line1', required: true },
  { key: 'line2', label: 'Address line 2 (optional)', autoComplete: 'address-line2', required: false },
  { key: 'town', label: 'Town', autoComplete: 'address-level2', required: true },
  { key: 'county', label: 'County', autoComplete: 'address-level1', required: true },
];

interface AddressFieldsProps {
  prefix: 'collection' | 'delivery';
  legend: string;
  intro?: ReactNode;
  /** The country, read-only: it comes from the quote's route. */
  countryName: string;
  saved: readonly SavedAddress[];
}

export function AddressFields({ prefix, legend, intro, countryName, saved }: AddressFieldsProps) {
  const { register, setValue, getValues, formState } = useFormContext<BookingValues>();
  const error = useFieldError();
  const pickerId = useId();
  const isUk = getValues(`${prefix}.country`) === 'GB';
  const field = (key: (typeof ADDRESS_KEYS)[number]) => `${prefix}.${key}` as const;
  // Registered in screen order before the postcode (whose handlers are needed below), so a
  // failed submit focuses the first empty field from the top.
  for (const key of ['name', 'email', 'phone'] as const) register(field(key));
  const postcode = register(field('postcode'));
  const scope = `section-${prefix}`;
  const input = ({ key, label, type, inputMode, autoComplete, required }: AddressInput) => (
    <TextField
      key={key}
      label={label}
      type={type}
      inputMode={inputMode}
      autoComplete={`${scope} ${autoComplete}`}
      required={required}
      error={error(field(key))}
      {...register(field(key))}
    />
  );

  function fill(id: string) {
    const address = saved.find((a) => a.id === id);
    if (!address) return;
    for (const key of ADDRESS_KEYS) {
      const value = address.values[key];
      if (value !== undefined && value !== '') {
        // Validate straight away only once the customer has tried to submit, as typing does.
        setValue(field(key), value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
      }
    }
  }

  return (
    <fieldset className="card form-section">
      <legend className="form-section__title">{legend}</legend>
      {intro ? <p className="muted form-section__intro">{intro}</p> : null}
      {saved.length > 0 ? (
        <div className="field saved-address">
          <label className="field__label" htmlFor={pickerId}>
            Use a saved address
          </label>
          <select
            id={pickerId}
            className="input input--select"
            value=""
            onChange={(event) => fill(event.target.value)}
            aria-describedby={`${pickerId}-hint`}
          >
            <option value="">Choose from your account and earlier orders…</option>
            {saved.map((address) => (
              <option key={address.id} value={address.id}>
                {address.label}
              </option>
            ))}
          </select>
          <p className="field__hint" id={`${pickerId}-hint`}>
            Fills the fields below; you can still change them.
          </p>
        </div>
      ) : null}
      <div className="form-grid">
        {CONTACT_FIELDS.map(input)}
        <TextField
          label="Postcode"
          autoComplete={`${scope} postal-code`}
          autoCapitalize="characters"
          required
          hint={isUk ? 'A UK postcode, such as SW1A 1AA' : undefined}
          error={error(field('postcode'))}
          {...postcode}
          onBlur={(event) => {
            if (isUk) {
              const formatted = formatPostcode(event.target.value);
              if (formatted !== event.target.value) setValue(field('postcode'), formatted);
            }
            return postcode.onBlur(event);
          }}
        />
        {isUk ? <PostcodeAddresses prefix={prefix} /> : null}
        {STREET_FIELDS.map(input)}
        <TextField label="Country" value={countryName} readOnly hint="Set by the route of your quote" />
      </div>
    </fieldset>
  );
}

/* ------------------------------------------------------------------ additional information */

export function AdditionalInfo({ today = ukDate() }: { today?: string }) {
  const { register } = useFormContext<BookingValues>();
  const error = useFieldError();
  return (
    <fieldset className="card form-section">
      <legend className="form-section__title">Additional information</legend>
      <div className="form-grid">
        <TextField
          label="Collection date"
          type="date"
          min={today}
          required
          hint="Not before today"
          error={error('collectionDate')}
          {...register('collectionDate')}
        />
        <TextField
          label="Package content"
          required
          placeholder="e.g. Books"
          error={error('contents')}
          {...register('contents')}
        />
        <TextField
          label="Content value (£)"
          inputMode="decimal"
          required
          placeholder="0.00"
          error={error('contentValue')}
          {...register('contentValue')}
        />
      </div>
      <TextAreaField
        label="Courier notes (optional)"
        rows={3}
        maxLength={1000}
        placeholder="Anything the courier should know: a safe place, a gate code, opening hours"
        error={error('notes')}
        {...register('notes')}
      />
    </fieldset>
  );
}

/* ------------------------------------------------------------------ cover */

interface CoverChoiceProps {
  tiers: readonly CoverTier[];
  coverCurrency: string;
  /** The price's currency: cover is priced in coverCurrency and cannot be added to another. */
  priceCurrency: string;
}

export function CoverChoice({ tiers, coverCurrency, priceCurrency }: CoverChoiceProps) {
  const { register } = useFormContext<BookingValues>();
  const error = useFieldError()('cover');
  const errorId = useId();
  const paidTiersAllowed = priceCurrency === coverCurrency;
  // The text quotes the table it sits above, so the two cannot disagree.
  const highest = Math.max(0, ...tiers.map((tier) => tier.coverAmount));
  return (
    <fieldset
      className="card form-section"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="form-section__title">Extended liability cover</legend>
      <p className="muted form-section__intro">
        Choose how much of your parcel’s value is covered if it is lost or damaged, up to{' '}
        {formatMoney(highest, coverCurrency)}. The fee is added to your total. No extended cover is selected
        unless you choose an amount.
      </p>
      {paidTiersAllowed ? null : (
        <p className="alert alert--info">
          Extended cover is priced in {coverCurrency}; this service is priced in {priceCurrency}, so only “No
          extended cover” is available.
        </p>
      )}
      <div className="cover-options">
        {tiers.map((tier) => {
          const none = tier.coverAmount === 0;
          return (
            <label key={tier.coverAmount} className="choice__option cover-option">
              <input
                type="radio"
                value={String(tier.coverAmount)}
                disabled={!none && !paidTiersAllowed}
                {...register('cover')}
              />
              <span className="cover-option__title">
                {none ? 'No extended cover' : `Cover up to ${formatMoney(tier.coverAmount, coverCurrency)}`}
              </span>
              <span className="cover-option__fee">
                {none ? 'No fee' : `+ ${formatMoney(tier.fee, coverCurrency)}`}
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

/* ------------------------------------------------------------------ customs */

export function CustomsSection({ reference }: { reference: ReferenceData }) {
  const { register, control } = useFormContext<BookingValues>();
  const error = useFieldError();
  const [senderType, recipientType] = useWatch({
    control,
    name: ['customs.senderType', 'customs.recipientType'],
  });
  const choices = [
    { name: 'customs.documentType', label: 'Document type', options: reference.documentTypes },
    { name: 'customs.reasonForExport', label: 'Reason for export', options: reference.exportReasons },
    { name: 'customs.senderType', label: 'Sender type', options: reference.partyKinds },
    { name: 'customs.recipientType', label: 'Recipient type', options: reference.partyKinds },
  ] as const;
  return (
    <fieldset className="card form-section">
      <legend className="form-section__title">Customs details</legend>
      <p className="muted form-section__intro">
        Parcels leaving the UK travel with a customs declaration. We print it for you from these details.
      </p>
      <div className="form-grid">
        {choices.map(({ name, label, options }) => (
          <SelectField
            key={name}
            label={label}
            required
            error={error(name)}
            options={options}
            {...register(name)}
          >
            <option value="">Choose…</option>
          </SelectField>
        ))}
        {senderType === 'company' ? (
          <TextField
            label="Sender company name"
            required
            autoComplete="section-collection organization"
            error={error('customs.senderCompanyName')}
            {...register('customs.senderCompanyName')}
          />
        ) : null}
        {recipientType === 'company' ? (
          <TextField
            label="Recipient company name"
            required
            autoComplete="section-delivery organization"
            error={error('customs.recipientCompanyName')}
            {...register('customs.recipientCompanyName')}
          />
        ) : null}
        <TextField
          label="Sender EORI number (optional)"
          autoCapitalize="characters"
          placeholder="GB123456789000"
          error={error('customs.senderEori')}
          {...register('customs.senderEori')}
        />
        <TextField
          label="Recipient EORI number (optional)"
          autoCapitalize="characters"
          error={error('customs.recipientEori')}
          {...register('customs.recipientEori')}
        />
      </div>
    </fieldset>
  );
}

/* ------------------------------------------------------------------ breakdown of contents */

interface BreakdownProps {
  reference: ReferenceData;
  currency: string;
}

export function BreakdownSection({ reference, currency }: BreakdownProps) {
  const { control, register, setValue, formState } = useFormContext<BookingValues>();
  const error = useFieldError();
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const items = useWatch({ control, name: 'items' }) ?? [];
  const [finderFor, setFinderFor] = useState<number | null>(null);
  const rootError = errorAt(formState.errors, 'items');

  return (
    <fieldset className="card form-section">
      <legend className="form-section__title">Breakdown of contents</legend>
      <p className="muted form-section__intro">
        List each kind of item in the parcel, as the customs declaration will.
      </p>
      <ol className="breakdown">
        {fields.map((row, index) => {
          const subtotal = lineSubtotal(items[index] ?? { quantity: '', unitValue: '' });
          const name = (key: string) => `items.${index}.${key}` as FieldPath<BookingValues>;
          return (
            <li key={row.id} className="breakdown__row">
              <fieldset className="breakdown__fields">
                <legend className="breakdown__legend">Item {index + 1}</legend>
                <TextField
                  label="Description"
                  hint="letters and numbers only"
                  required
                  error={error(name('description'))}
                  {...register(`items.${index}.description`)}
                />
                <div className="breakdown__hs">
                  <TextField
                    label="HS code"
                    hint="6 to 10 digits: the 6-digit international code, then the UK's extra digits if you know them"
                    inputMode="numeric"
                    required
                    error={error(name('hsCode'))}
                    {...register(`items.${index}.hsCode`)}
                  />
                  <button
                    type="button"
                    className="button button--secondary breakdown__find"
                    onClick={() => setFinderFor(index)}
                    aria-label={`Find HS code for item ${index + 1}`}
                  >
                    Find HS code
                  </button>
                </div>
                <TextField
                  label="Quantity"
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                  required
                  error={error(name('quantity'))}
                  {...register(`items.${index}.quantity`)}
                />
                <TextField
                  label="Unit value (£)"
                  type="number"
                  min={0.01}
                  step={0.01}
                  inputMode="decimal"
                  required
                  error={error(name('unitValue'))}
                  {...register(`items.${index}.unitValue`)}
                />
                <SelectField
                  label="Country of manufacture"
                  required
                  error={error(name('originCountry'))}
                  options={countryOptions(reference.manufactureCountries)}
                  {...register(`items.${index}.originCountry`)}
                >
                  <option value="">Choose…</option>
                </SelectField>
                <p className="breakdown__subtotal">
                  <span>Subtotal</span>{' '}
                  <output aria-label={`Item ${index + 1} subtotal`}>
                    {subtotal === null ? '—' : formatMoney(subtotal, currency)}
                  </output>
                </p>
              </fieldset>
              <button
                type="button"
                className="link-button breakdown__remove"
                onClick={() => remove(index)}
                aria-label={`Remove item ${index + 1}`}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ol>
      <FieldError error={rootError} />
      <div className="row row--between breakdown__footer">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => append(emptyItem(items[items.length - 1]?.originCountry ?? ''))}
          disabled={fields.length >= 100}
        >
          Add item
        </button>
        <p className="breakdown__total">
          Total value{' '}
          <output aria-label="Breakdown total">{formatMoney(breakdownTotal(items), currency)}</output>
        </p>
      </div>
      {finderFor !== null ? (
        <HsCodeFinder
          categories={reference.hsCodeCategories}
          onClose={() => setFinderFor(null)}
          onPick={(code) => {
            setValue(`items.${finderFor}.hsCode`, code, {
              shouldDirty: true,
              shouldValidate: formState.isSubmitted,
            });
            setFinderFor(null);
          }}
        />
      ) : null}
    </fieldset>
  );
}

/* ------------------------------------------------------------------ terms */

export function TermsBox() {
  const { register } = useFormContext<BookingValues>();
  const error = useFieldError()('terms');
  const id = useId();
  return (
    <div className="card form-section terms-box">
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register('terms')}
        />
        <span>
          I agree to the{' '}
          <Link to="/terms" target="_blank" rel="noreferrer">
            Terms and Conditions
          </Link>
          , and confirm the parcel contains no prohibited items and is packed and labelled as they describe.
        </span>
      </label>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
