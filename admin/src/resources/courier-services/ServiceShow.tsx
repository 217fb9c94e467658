import {
  DateField,
  FunctionField,
  ListButton,
  ReferenceField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { money, route } from '../../format';
import { ReasonAction } from '../../ReasonAction';
import type { CourierService } from '../../types';
import { SERVICE_TYPE_CHOICES, STATUS } from './shared';

export function ServiceActions() {
  const service = useRecordContext<CourierService>();
  return (
    <TopToolbar>
      {service?.status === 'active' && (
        <ReasonAction
          target={{ resource: 'courier-services', action: 'deactivate' }}
          id={service.id}
          name={service.name}
          label="consign.services.deactivate"
          title="consign.services.deactivate_title"
          content="consign.services.deactivate_content"
          success="consign.services.deactivated"
          color="error"
        />
      )}
      <ListButton />
    </TopToolbar>
  );
}

export function ServiceShow() {
  return (
    <Show actions={<ServiceActions />}>
      <SimpleShowLayout>
        <TextField source="name" />
        <ReferenceField source="vendorId" reference="vendors" link="show" />
        <SelectField source="serviceType" choices={SERVICE_TYPE_CHOICES} />
        <SelectField source="status" choices={STATUS} />
        <FunctionField<CourierService>
          source="weightTiers"
          render={(s) =>
            s.weightTiers.map((t) => `up to ${t.maxKg} kg: ${money(t.price, s.currency)}`).join('; ') || '—'
          }
        />
        <FunctionField<CourierService> source="toLocation" render={route} />
        <TextField source="transitDays" emptyText="—" />
        <TextField source="id" />
        <DateField source="createdAt" showTime locales="en-GB" />
      </SimpleShowLayout>
    </Show>
  );
}
