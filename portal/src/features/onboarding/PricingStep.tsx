import { formatMoney } from '@consign/shared/money';
import { useEffect, useRef, useState } from 'react';
import { SelectField, TextField } from '../../components/Field';
import { parseMoney } from '../../lib/format';
import { DELIVERY_TYPES, type DeliveryType, type RateCard } from './onboardingForm';
import { RemovableList } from './RemovableList';
import type { StepProps } from './stepProps';

export const EMPTY_CARD = {
  serviceType: '' as DeliveryType | '',
  basePrice: '',
  perKmPrice: '',
  perKgPrice: '',
  minPrice: '',
  maxDistanceKm: '',
};

/** Money as pounds in the inputs, pence on the wire; an empty optional price is sent as absent. */
export function cardFrom(draft: typeof EMPTY_CARD): RateCard | null {
  const base = parseMoney(draft.basePrice);
  if (draft.serviceType === '' || base === null) return null;
  const optional = (s: string) => (s.trim() ? parseMoney(s) : null);
  const distance = draft.maxDistanceKm.trim() ? Number(draft.maxDistanceKm) : null;
  return {
    serviceType: draft.serviceType,
    basePrice: base,
    perKmPrice: optional(draft.perKmPrice),
    perKgPrice: optional(draft.perKgPrice),
    minPrice: optional(draft.minPrice),
    maxDistanceKm: distance !== null && Number.isFinite(distance) && distance >= 0 ? distance : null,
  };
}

/** Why the card being typed cannot be added yet, by field: said at each field when Add is pressed. */
export function cardProblems(draft: typeof EMPTY_CARD): Partial<Record<keyof typeof EMPTY_CARD, string>> {
  const problems: Partial<Record<keyof typeof EMPTY_CARD, string>> = {};
  if (draft.serviceType === '') problems.serviceType = 'Choose a service type';
  if (!draft.basePrice.trim()) problems.basePrice = 'Enter the base price, such as 12.50';
  else if (parseMoney(draft.basePrice) === null)
    problems.basePrice = 'Enter the base price in pounds, such as 12.50';
  for (const field of ['perKmPrice', 'perKgPrice', 'minPrice'] as const) {
    if (draft[field].trim() && parseMoney(draft[field]) === null)
      problems[field] = 'Enter an amount in pounds, such as 0.85, or leave it empty';
  }
  return problems;
}

export function describeRateCard(card: RateCard): string {
  const parts = [`${card.serviceType}: base ${formatMoney(card.basePrice)}`];
  if (card.perKmPrice != null) parts.push(`${formatMoney(card.perKmPrice)}/km`);
  if (card.perKgPrice != null) parts.push(`${formatMoney(card.perKgPrice)}/kg`);
  if (card.minPrice != null) parts.push(`min ${formatMoney(card.minPrice)}`);
  if (card.maxDistanceKm != null) parts.push(`up to ${card.maxDistanceKm} km`);
  return parts.join(', ');
}

export function PricingStep({ form, update }: StepProps) {
  const [draft, setDraft] = useState(EMPTY_CARD);
  // Shown once Add was pressed, and kept up to date as the fields change.
  const [tried, setTried] = useState(0);
  const problems = tried > 0 ? cardProblems(draft) : {};
  const groupRef = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (tried > 0) groupRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [tried]);
  const change = (field: keyof typeof EMPTY_CARD) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }));
  const money = (field: keyof typeof EMPTY_CARD, label: string) => (
    <TextField
      label={label}
      type="number"
      min={0}
      step={0.01}
      inputMode="decimal"
      value={draft[field]}
      error={problems[field]}
      onChange={change(field)}
    />
  );

  return (
    <div className="stack">
      <fieldset className="onboarding__group" ref={groupRef}>
        <legend>Add a rate card</legend>
        <div className="form-grid">
          <SelectField
            label="Service type"
            value={draft.serviceType}
            error={problems.serviceType}
            onChange={change('serviceType')}
            options={DELIVERY_TYPES.map((t) => ({ value: t, label: t }))}
          >
            <option value="">Choose…</option>
          </SelectField>
          {money('basePrice', 'Base price (£)')}
          {money('perKmPrice', 'Price per km (£)')}
          {money('perKgPrice', 'Price per kg (£)')}
          {money('minPrice', 'Minimum price (£)')}
          <TextField
            label="Maximum distance (km)"
            type="number"
            min={0}
            step={1}
            value={draft.maxDistanceKm}
            onChange={(e) => setDraft((d) => ({ ...d, maxDistanceKm: e.target.value }))}
          />
        </div>
        <div>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              const card = Object.keys(cardProblems(draft)).length === 0 ? cardFrom(draft) : null;
              if (!card) {
                setTried((n) => n + 1);
                return;
              }
              update({ rateCards: [...form.rateCards, card] });
              setDraft(EMPTY_CARD);
              setTried(0);
            }}
          >
            Add rate card
          </button>
        </div>
      </fieldset>
      {form.rateCards.length === 0 ? <p className="muted">No rate cards yet. Add at least one.</p> : null}
      <RemovableList
        label="Rate cards"
        items={form.rateCards}
        render={describeRateCard}
        onRemove={(i) => update({ rateCards: form.rateCards.filter((_, j) => j !== i) })}
      />
    </div>
  );
}
