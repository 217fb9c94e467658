import { TextField } from '../../components/Field';
import { CHECKLIST, type OnboardingForm, timeChoices, WEEKDAYS } from './onboardingForm';
import type { StepProps } from './stepProps';

export function ComplianceStep({ form, update, errors }: StepProps) {
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
              error={errors.insuranceProvider}
            />
            <TextField
              label="Policy number *"
              maxLength={60}
              value={form.policyNumber}
              onChange={(e) => update({ policyNumber: e.target.value })}
              error={errors.policyNumber}
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
