import { formatMoney } from '@consign/shared/money';
import { type KeyboardEvent, useId, useState } from 'react';
import { SelectField, TextField } from '../../components/Field';
import { parseMoney } from '../../lib/format';
import {
  addServiceArea,
  CHECKLIST,
  COMPANY_TYPES,
  COUNTRIES,
  type CompanyType,
  type Country,
  DELIVERY_TYPES,
  type DeliveryType,
  type OnboardingForm,
  type RateCard,
  timeChoices,
  VEHICLE_TYPES,
  type VehicleType,
  vehicleLabel,
  WEEKDAYS,
} from './onboardingForm';

export interface StepProps {
  form: OnboardingForm;
  update: (patch: Partial<OnboardingForm>) => void;
}

type Field = keyof OnboardingForm;
const text = (props: StepProps, field: Field) => ({
  value: props.form[field] as string,
  onChange: (e: { target: { value: string } }) => props.update({ [field]: e.target.value }),
});

export function CompanyStep(props: StepProps) {
  return (
    <div className="form-grid">
      <TextField
        label="Company name *"
        autoComplete="organization"
        maxLength={120}
        {...text(props, 'companyName')}
      />
      <SelectField
        label="Company type *"
        value={props.form.companyType}
        onChange={(e) => props.update({ companyType: e.target.value as CompanyType | '' })}
        options={COMPANY_TYPES}
      >
        <option value="">Choose…</option>
      </SelectField>
      <TextField label="Registration number" maxLength={30} {...text(props, 'registrationNumber')} />
      <TextField label="VAT number" maxLength={20} placeholder="GB123456789" {...text(props, 'vatNumber')} />
      <TextField
        label="Years in business *"
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        {...text(props, 'yearsInBusiness')}
      />
    </div>
  );
}

export function ContactStep(props: StepProps) {
  return (
    <div className="form-grid">
      <TextField
        label="Contact person *"
        autoComplete="name"
        maxLength={120}
        {...text(props, 'contactPerson')}
      />
      <TextField
        label="Email *"
        type="email"
        autoComplete="email"
        maxLength={254}
        {...text(props, 'email')}
      />
      <TextField label="Phone *" type="tel" autoComplete="tel" maxLength={30} {...text(props, 'phone')} />
      <TextField
        label="Website"
        type="url"
        autoComplete="url"
        maxLength={300}
        placeholder="https://"
        {...text(props, 'website')}
      />
      <TextField
        label="Street address *"
        autoComplete="street-address"
        maxLength={200}
        {...text(props, 'address')}
      />
      <TextField label="City *" autoComplete="address-level2" maxLength={100} {...text(props, 'city')} />
      <TextField
        label="Postal code *"
        autoComplete="postal-code"
        maxLength={16}
        {...text(props, 'postalCode')}
      />
      <SelectField
        label="Country"
        value={props.form.country}
        onChange={(e) => props.update({ country: e.target.value as Country })}
        options={COUNTRIES.map((c) => ({ value: c, label: c }))}
      />
    </div>
  );
}

/** Enter in a small "add" input adds the item instead of submitting the wizard. */
const addOnEnter = (add: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === 'Enter') {
    event.preventDefault();
    add();
  }
};

export function ServicesStep({ form, update }: StepProps) {
  const [area, setArea] = useState('');
  const [vehicle, setVehicle] = useState({ type: '' as VehicleType | '', capacity: '', count: '1' });
  const deliveryId = useId();

  function addArea() {
    update({ serviceAreas: addServiceArea(form.serviceAreas, area) });
    setArea('');
  }

  const count = Number(vehicle.count);
  const vehicleReady =
    vehicle.type !== '' && vehicle.capacity.trim() !== '' && Number.isInteger(count) && count > 0;
  function addVehicle() {
    if (!vehicleReady || vehicle.type === '') return;
    update({
      vehicles: [...form.vehicles, { type: vehicle.type, capacity: vehicle.capacity.trim(), count }],
    });
    setVehicle({ type: '', capacity: '', count: '1' });
  }

  function toggleDelivery(type: DeliveryType) {
    const has = form.deliveryTypes.includes(type);
    // Kept in the spec's order whatever order they are ticked in.
    update({
      deliveryTypes: DELIVERY_TYPES.filter((t) => (t === type ? !has : form.deliveryTypes.includes(t))),
    });
  }

  return (
    <div className="stack">
      <fieldset className="onboarding__group">
        <legend>Service areas *</legend>
        <div className="row onboarding__add">
          <TextField
            label="Service area"
            value={area}
            maxLength={100}
            onChange={(e) => setArea(e.target.value)}
            onKeyDown={addOnEnter(addArea)}
            placeholder="e.g. Greater London"
          />
          <button
            type="button"
            className="button button--secondary"
            onClick={addArea}
            disabled={!area.trim()}
          >
            Add area
          </button>
        </div>
        <RemovableList
          label="Service areas"
          items={form.serviceAreas}
          render={(a) => a}
          onRemove={(i) => update({ serviceAreas: form.serviceAreas.filter((_, j) => j !== i) })}
        />
      </fieldset>
      <TextField
        label="Coverage radius (km)"
        type="number"
        min={0}
        step={1}
        value={form.coverageRadiusKm}
        onChange={(e) => update({ coverageRadiusKm: e.target.value })}
      />
      <fieldset className="onboarding__group" aria-describedby={deliveryId}>
        <legend>Delivery types *</legend>
        <p className="field__hint" id={deliveryId}>
          Choose at least one.
        </p>
        <div className="onboarding__checks">
          {DELIVERY_TYPES.map((type) => (
            <label key={type} className="checkbox">
              <input
                type="checkbox"
                checked={form.deliveryTypes.includes(type)}
                onChange={() => toggleDelivery(type)}
              />
              <span>{type}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="onboarding__group">
        <legend>Vehicle fleet</legend>
        <div className="form-grid">
          <SelectField
            label="Vehicle type"
            value={vehicle.type}
            onChange={(e) => setVehicle((v) => ({ ...v, type: e.target.value as VehicleType | '' }))}
            options={VEHICLE_TYPES.map((t) => ({ value: t, label: t }))}
          >
            <option value="">Choose…</option>
          </SelectField>
          <TextField
            label="Capacity"
            value={vehicle.capacity}
            maxLength={60}
            placeholder="e.g. 1000 kg"
            onChange={(e) => setVehicle((v) => ({ ...v, capacity: e.target.value }))}
            onKeyDown={addOnEnter(addVehicle)}
          />
          <TextField
            label="Count"
            type="number"
            min={1}
            step={1}
            value={vehicle.count}
            onChange={(e) => setVehicle((v) => ({ ...v, count: e.target.value }))}
            onKeyDown={addOnEnter(addVehicle)}
          />
        </div>
        <div>
          <button
            type="button"
            className="button button--secondary"
            onClick={addVehicle}
            disabled={!vehicleReady}
          >
            Add vehicle
          </button>
        </div>
        <RemovableList
          label="Vehicles"
          items={form.vehicles}
          render={vehicleLabel}
          onRemove={(i) => update({ vehicles: form.vehicles.filter((_, j) => j !== i) })}
        />
      </fieldset>
    </div>
  );
}

const EMPTY_CARD = {
  serviceType: '' as DeliveryType | '',
  basePrice: '',
  perKmPrice: '',
  perKgPrice: '',
  minPrice: '',
  maxDistanceKm: '',
};

/** Money as pounds in the inputs, pence on the wire; an empty optional price is sent as absent. */
function cardFrom(draft: typeof EMPTY_CARD): RateCard | null {
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

export function ComplianceStep({ form, update }: StepProps) {
  const setDay = (
    key: (typeof WEEKDAYS)[number]['key'],
    patch: Partial<OnboardingForm['businessHours']['monday']>,
  ) => update({ businessHours: { ...form.businessHours, [key]: { ...form.businessHours[key], ...patch } } });

  return (
    <div className="stack">
      <fieldset className="onboarding__group">
        <legend>Business hours</legend>
        <div className="onboarding__hours">
          {WEEKDAYS.map(({ key, label }) => {
            const d = form.businessHours[key];
            return (
              <div key={key} className="onboarding__day">
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={d.open}
                    onChange={(e) => setDay(key, { open: e.target.checked })}
                  />
                  <span>{label} open</span>
                </label>
                <label>
                  <span className="visually-hidden">{label} opens at</span>
                  <select
                    className="input input--select"
                    value={d.from}
                    disabled={!d.open}
                    onChange={(e) => setDay(key, { from: e.target.value })}
                  >
                    {timeChoices(d.from).map((time) => (
                      <option key={time} value={time}>
                        {time}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  <span className="visually-hidden">{label} closes at</span>
                  <select
                    className="input input--select"
                    value={d.to}
                    disabled={!d.open}
                    onChange={(e) => setDay(key, { to: e.target.value })}
                  >
                    {timeChoices(d.to).map((time) => (
                      <option key={time} value={time}>
                        {time}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="onboarding__group">
        <legend>Insurance</legend>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.hasInsurance}
            onChange={(e) => update({ hasInsurance: e.target.checked })}
          />
          <span>My business has goods-in-transit insurance</span>
        </label>
        {form.hasInsurance ? (
          <div className="form-grid">
            <TextField
              label="Insurance provider *"
              maxLength={120}
              value={form.insuranceProvider}
              onChange={(e) => update({ insuranceProvider: e.target.value })}
            />
            <TextField
              label="Policy number *"
              maxLength={60}
              value={form.policyNumber}
              onChange={(e) => update({ policyNumber: e.target.value })}
            />
            <TextField
              label="Coverage amount (£)"
              type="number"
              min={0}
              step={0.01}
              value={form.coverageAmount}
              onChange={(e) => update({ coverageAmount: e.target.value })}
            />
          </div>
        ) : null}
      </fieldset>
      <fieldset className="onboarding__group">
        <legend>Documents to have ready</legend>
        <p className="field__hint">Our team may ask for these. You can upload them on your profile page.</p>
        <div className="onboarding__checks onboarding__checks--column">
          {CHECKLIST.map(({ key, label }) => (
            <label key={key} className="checkbox">
              <input
                type="checkbox"
                checked={form.documentsReady.includes(key)}
                onChange={(e) =>
                  update({
                    documentsReady: CHECKLIST.map((c) => c.key).filter((k) =>
                      k === key ? e.target.checked : form.documentsReady.includes(k),
                    ),
                  })
                }
              />
              <span>{label}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

function RemovableList<T>({
  label,
  items,
  render,
  onRemove,
}: {
  label: string;
  items: T[];
  render: (item: T) => string;
  onRemove: (index: number) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="onboarding__list" aria-label={label}>
      {items.map((item, index) => {
        const text = render(item);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries may repeat (two identical vans); position is their identity.
          <li key={index}>
            <span>{text}</span>
            <button
              type="button"
              className="link-button"
              onClick={() => onRemove(index)}
              aria-label={`Remove ${text}`}
            >
              Remove
            </button>
          </li>
        );
      })}
    </ul>
  );
}
