import { formatMoney } from '@consign/shared/money';
import { useState } from 'react';
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
  const card = cardFrom(draft);
  const money = (field: keyof typeof EMPTY_CARD, label: string) => (
    <TextField
      label={label}
      type="number"
      min={0}
      step={0.01}
      inputMode="decimal"
      value={draft[field]}
      onChange={(e) => setDraft((d) => ({ ...d, [field]: e.target.value }))}
    />
  );

  return (
    <div className="stack">
      <fieldset className="onboarding__group">
        <legend>Add a rate card</legend>
        <div className="form-grid">
          <SelectField
            label="Service type"
            value={draft.serviceType}
            onChange={(e) => setDraft((d) => ({ ...d, serviceType: e.target.value as DeliveryType | '' }))}
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
            disabled={!card}
            onClick={() => {
              if (!card) return;
              update({ rateCards: [...form.rateCards, card] });
              setDraft(EMPTY_CARD);
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
