import { Create, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { msg } from '../../i18n/keys';
import { useSavedNotice } from '../../saved';
import { OriginsInput } from './OriginsInput';
import { PARTNER_MODE_CHOICES } from './types';

export function PartnerCreate() {
  const saved = useSavedNotice(msg('consign.partners.created'), 'show', (r) => String(r.name));
  return (
    <Create mutationOptions={saved}>
      <SimpleForm defaultValues={{ mode: 'test', allowedOrigins: [''] }}>
        <TextInput source="name" validate={required()} />
        <SelectInput source="mode" choices={PARTNER_MODE_CHOICES} validate={required()} />
        <OriginsInput />
      </SimpleForm>
    </Create>
  );
}
