import { DateField, ReferenceField, SelectField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { DATE_TIME } from '../../format';
import { SERVICE_TYPES } from './shared';

export function QuoteShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" />
        <DateField source="createdAt" showTime locales="en-GB" options={DATE_TIME} />
        <DateField source="expiresAt" showTime locales="en-GB" options={DATE_TIME} />
        <SelectField source="serviceType" choices={SERVICE_TYPES} />
        <TextField source="route" />
        <TextField source="parcelCount" />
        <TextField source="totalWeightKg" />
        <TextField source="optionCount" />
        <ReferenceField source="userId" reference="users" link="show" emptyText="—" />
        <ReferenceField source="partnerId" reference="partners" link="show" emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
