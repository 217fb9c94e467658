import { formatMoney } from '@consign/shared/money';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { FieldError } from '../../components/Field';
import type { CoverTier } from '../api/booking';
import type { BookingValues } from './formValues';
import { useFieldError } from './useFieldError';
export interface CoverChoiceProps {
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
