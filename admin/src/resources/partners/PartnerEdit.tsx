import { Create, Edit, NumberInput, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import {
  originsFormat,
  originsParse,
  PARTNER_MODE_CHOICES,
  PARTNER_STATUS_CHOICES,
  type Partner,
} from './types';

const originsHelp = 'One origin a line, such as https://shop.example or http://localhost:* (any port)';

/** The allowed origins, one a line, sent as a list. */
function OriginsInput() {
  return (
    <TextInput
      source="allowedOrigins"
      label="Allowed origins"
      multiline
      format={originsFormat}
      parse={originsParse}
      helperText={originsHelp}
      validate={required()}
    />
  );
}

/** The API's bodies are strict: send only what may change, not the read-only stats and keys. */
const editable = (p: Partner) => ({
  name: p.name,
  allowedOrigins: p.allowedOrigins,
  status: p.status,
  rateLimitPerMinute: p.rateLimitPerMinute,
});

export function PartnerEdit() {
  return (
    <Edit transform={editable} mutationMode="pessimistic">
      <SimpleForm>
        <TextInput source="name" validate={required()} />
        <OriginsInput />
        <SelectInput source="status" choices={PARTNER_STATUS_CHOICES} validate={required()} />
        <NumberInput source="rateLimitPerMinute" label="Calls per minute" min={1} />
      </SimpleForm>
    </Edit>
  );
}

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
