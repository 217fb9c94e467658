import { SelectField, TextField } from '../../components/Field';
import { COMPANY_TYPES, type CompanyType } from './onboardingForm';
import { type StepProps, text } from './stepProps';

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
        error={props.errors.companyType}
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
