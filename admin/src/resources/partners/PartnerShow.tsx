import {
  DateField,
  EditButton,
  FunctionField,
  NumberField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { ReasonAction } from '../../ReasonAction';
import { formatRevenue, PARTNER_STATUS_CHOICES, type Partner } from './types';

/** A new key, with a reason for the audit log; the API keeps the old one working for 24 hours. */
function RotateKeyButton() {
  const partner = useRecordContext<Partner>();
  if (!partner) return null;
  return (
    <ReasonAction
      target={{ resource: 'partners', action: 'rotate-key' }}
      id={partner.id}
      name={partner.name}
      label="consign.partners.rotate"
      title="consign.partners.rotate_title"
      content="consign.partners.rotate_content"
      success="consign.partners.rotated"
    />
  );
}

export function PartnerShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <RotateKeyButton />
          <EditButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="name" />
        <SelectField source="status" choices={PARTNER_STATUS_CHOICES} />
        <TextField source="mode" />
        <TextField source="publishableKey" label="Publishable key" />
        <TextField source="previousKey" label="Previous key" emptyText="—" />
        <DateField
          source="previousKeyExpiresAt"
          label="Previous key works until"
          showTime
          locales="en-GB"
          emptyText="—"
        />
        <FunctionField<Partner> label="Allowed origins" render={(p) => p.allowedOrigins.join(', ')} />
        <NumberField source="rateLimitPerMinute" label="Calls per minute" />
        <NumberField source="quotes" />
        <NumberField source="orders" />
        <NumberField source="paidOrders" label="Paid orders" />
        <FunctionField<Partner> label="Revenue" render={(p) => formatRevenue(p.revenue)} />
        <DateField source="createdAt" showTime locales="en-GB" />
      </SimpleShowLayout>
    </Show>
  );
}
