import {
  DateField,
  EditButton,
  FunctionField,
  NumberField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
} from 'react-admin';
import { ReasonToolbar } from '../../components/ReasonAction';
import { DATE_TIME } from '../../format';
import { msg } from '../../i18n/keys';
import { PartnerPeople } from './PartnerPeople';
import { formatRevenue, PARTNER_STATUS_CHOICES, type Partner } from './types';

export function PartnerShow() {
  return (
    <Show
      actions={
        // A new key, with a reason for the audit log; the API keeps the old one working for 24 hours.
        <ReasonToolbar<Partner>
          name={(partner) => partner.name}
          actions={() => [
            {
              target: { resource: 'partners', action: 'rotate-key' },
              prompt: 'consign.partners.rotate',
              success: 'consign.partners.rotated',
            },
          ]}
        >
          <EditButton />
        </ReasonToolbar>
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
          options={DATE_TIME}
          emptyText="—"
        />
        <FunctionField<Partner> label="Allowed origins" render={(p) => p.allowedOrigins.join(', ')} />
        <NumberField source="rateLimitPerMinute" label="Widget calls per minute per shopper" />
        <NumberField source="keyRateLimitPerMinute" label="Widget calls per minute in all" />
        <NumberField source="secretKeyRateLimitPerMinute" label="Secret-key calls per minute" />
        <NumberField source="quotes" />
        <NumberField source="orders" />
        <NumberField source="paidOrders" label="Paid orders" />
        <FunctionField<Partner> label="Revenue" render={(p) => formatRevenue(p.revenue)} />
        <DateField source="createdAt" showTime locales="en-GB" options={DATE_TIME} />
        <PartnerPeople label={msg('consign.partners.people')} />
      </SimpleShowLayout>
    </Show>
  );
}
