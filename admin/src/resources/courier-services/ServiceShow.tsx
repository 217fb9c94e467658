import {
  DateField,
  FunctionField,
  ReferenceField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
} from 'react-admin';
import { ReasonToolbar } from '../../components/ReasonAction';
import { DATE_TIME, money, route } from '../../format';
import type { CourierService } from '../../types';
import { SERVICE_TYPE_CHOICES, STATUS } from './shared';

export function ServiceActions() {
  return (
    <ReasonToolbar<CourierService>
      name={(service) => service.name}
      actions={(service) => [
        service.status === 'active' && {
          target: { resource: 'courier-services', action: 'deactivate' },
          prompt: 'consign.services.deactivate',
          success: 'consign.services.deactivated',
          color: 'error',
        },
      ]}
    />
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
        <DateField source="createdAt" showTime locales="en-GB" options={DATE_TIME} />
      </SimpleShowLayout>
    </Show>
  );
}
