import { type KeyboardEvent, useId, useState } from 'react';
import { FieldError, SelectField, TextField } from '../../components/Field';
import {
  addServiceArea,
  DELIVERY_TYPES,
  type DeliveryType,
  VEHICLE_TYPES,
  type VehicleType,
  vehicleLabel,
} from './onboardingForm';
import { RemovableList } from './RemovableList';
import type { StepProps } from './stepProps';

/** Enter in a small "add" input adds the item instead of submitting the wizard. */
export const addOnEnter = (add: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key === 'Enter') {
    event.preventDefault();
    add();
  }
};

export function ServicesStep({ form, update, errors }: StepProps) {
  const [area, setArea] = useState('');
  const [areaError, setAreaError] = useState<string>();
  const [vehicle, setVehicle] = useState({ type: '' as VehicleType | '', capacity: '', count: '1' });
  const [vehicleErrors, setVehicleErrors] = useState<{ type?: string; capacity?: string; count?: string }>(
    {},
  );
  const deliveryId = useId();

  // "Add area" and "Add vehicle" stay enabled (issue 51, item 11): pressed too early, they say
  // what is missing at the field.
  function addArea() {
    setAreaError(area.trim() ? undefined : 'Write a service area to add');
    update({ serviceAreas: addServiceArea(form.serviceAreas, area) });
    setArea('');
  }

  const count = Number(vehicle.count);
  function addVehicle() {
    const problems = {
      type: vehicle.type === '' ? 'Choose the vehicle type' : undefined,
      capacity: vehicle.capacity.trim() === '' ? 'Enter the capacity' : undefined,
      count: Number.isInteger(count) && count > 0 ? undefined : 'Enter a whole number of 1 or more',
    };
    setVehicleErrors(problems);
    if (vehicle.type === '' || problems.capacity || problems.count) return;
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
            error={areaError ?? (form.serviceAreas.length === 0 ? errors.serviceAreas : undefined)}
          />
          <button type="button" className="button button--secondary" onClick={addArea}>
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
        <FieldError error={errors.deliveryTypes} />
      </fieldset>
      <fieldset className="onboarding__group">
        <legend>Vehicle fleet</legend>
        <div className="form-grid">
          <SelectField
            label="Vehicle type"
            value={vehicle.type}
            onChange={(e) => setVehicle((v) => ({ ...v, type: e.target.value as VehicleType | '' }))}
            options={VEHICLE_TYPES.map((t) => ({ value: t, label: t }))}
            error={vehicleErrors.type}
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
            error={vehicleErrors.capacity}
          />
          <TextField
            label="Count"
            type="number"
            min={1}
            step={1}
            value={vehicle.count}
            onChange={(e) => setVehicle((v) => ({ ...v, count: e.target.value }))}
            onKeyDown={addOnEnter(addVehicle)}
            error={vehicleErrors.count}
          />
        </div>
        <div>
          <button type="button" className="button button--secondary" onClick={addVehicle}>
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
