import { Edit, NumberInput, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { msg } from '../../i18n/keys';
import { useSavedNotice } from '../../saved';
import { OriginsInput } from './OriginsInput';
import { PARTNER_STATUS_CHOICES, type Partner } from './types';

/** The API's bodies are strict: send only what may change, not the read-only stats and keys. */
const editable = (p: Partner) => ({
  name: p.name,
  allowedOrigins: p.allowedOrigins,
  status: p.status,
  rateLimitPerMinute: p.rateLimitPerMinute,
  keyRateLimitPerMinute: p.keyRateLimitPerMinute,
  secretKeyRateLimitPerMinute: p.secretKeyRateLimitPerMinute,
});

export function PartnerEdit() {
  const saved = useSavedNotice(msg('consign.partners.saved'), 'show', (r) => String(r.name));
  return (
    <Edit transform={editable} mutationMode="pessimistic" mutationOptions={saved}>
      <SimpleForm>
        <TextInput source="name" validate={required()} />
        <OriginsInput />
        <SelectInput source="status" choices={PARTNER_STATUS_CHOICES} validate={required()} />
        <NumberInput source="rateLimitPerMinute" label="Widget calls per minute per shopper" min={1} />
        <NumberInput source="keyRateLimitPerMinute" label="Widget calls per minute in all" min={1} />
        <NumberInput source="secretKeyRateLimitPerMinute" label="Secret-key calls per minute" min={1} />
      </SimpleForm>
    </Edit>
  );
}
