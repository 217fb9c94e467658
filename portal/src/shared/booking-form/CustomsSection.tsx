import { useFormContext, useWatch } from 'react-hook-form';
import { SelectField, TextField } from '../../components/Field';
import type { ReferenceData } from '../api/meta';
import type { BookingValues } from './formValues';
import { useFieldError } from './useFieldError';
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
