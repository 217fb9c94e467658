import { DateField, SelectField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { SERVICE_TYPES } from './shared';

export function QuoteShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" />
        <DateField source="createdAt" showTime locales="en-GB" />
        <DateField source="expiresAt" showTime locales="en-GB" />
        <SelectField source="serviceType" choices={SERVICE_TYPES} />
        <TextField source="route" />
        <TextField source="parcelCount" />
        <TextField source="totalWeightKg" />
        <TextField source="optionCount" />
        <TextField source="userId" emptyText="—" />
        <TextField source="partnerId" emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
