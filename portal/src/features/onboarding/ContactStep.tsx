import { SelectField, TextField } from '../../components/Field';
import { COUNTRIES, type Country } from './onboardingForm';
import { type StepProps, text } from './stepProps';

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
