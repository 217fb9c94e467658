import { Create, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { OriginsInput } from './OriginsInput';
import { PARTNER_MODE_CHOICES } from './types';

export function PartnerCreate() {
  return (
    <Create redirect="show">
      <SimpleForm defaultValues={{ mode: 'test' }}>
        <TextInput source="name" validate={required()} />
        <SelectInput source="mode" choices={PARTNER_MODE_CHOICES} validate={required()} />
        <OriginsInput />
      </SimpleForm>
    </Create>
  );
}
