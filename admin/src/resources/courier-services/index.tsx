import {
  DataTable,
  DateField,
  FunctionField,
  List,
  ListButton,
  ReferenceField,
  type ResourceProps,
  SearchInput,
  SelectField,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { money, route } from '../../format';
import { MaterialIcon } from '../../icons';
import { ReasonAction } from '../../ReasonAction';
import type { CourierService } from '../../types';

export const SERVICE_TYPE_CHOICES = [
  { id: 'domestic', name: 'consign.services.type.domestic' },
  { id: 'international', name: 'consign.services.type.international' },
  { id: 'same_day', name: 'consign.services.type.same_day' },
];

const STATUS = [
  { id: 'active', name: 'consign.services.status.active' },
  { id: 'inactive', name: 'consign.services.status.inactive' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS} alwaysOn />,
];

function ServiceList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="vendorId" disableSort>
          <ReferenceField source="vendorId" reference="vendors" link="show" />
        </DataTable.Col>
        <DataTable.Col source="serviceType">
          <SelectField source="serviceType" choices={SERVICE_TYPE_CHOICES} />
        </DataTable.Col>
        <DataTable.Col source="status">
          <SelectField source="status" choices={STATUS} />
        </DataTable.Col>
        <DataTable.Col source="toLocation" disableSort>
          <FunctionField<CourierService> render={route} />
        </DataTable.Col>
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" locales="en-GB" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function ServiceActions() {
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

function ServiceShow() {
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

/** Material's "Local shipping" glyph, inline (see icons.tsx). */
const ServiceIcon = () => (
  <MaterialIcon path="M20 8h-3V4H3c-1.1 0-2 .9-2 2v11h2c0 1.66 1.34 3 3 3s3-1.34 3-3h6c0 1.66 1.34 3 3 3s3-1.34 3-3h2v-5l-3-4zM6 18.5c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5zm13.5-9l1.96 2.5H17V9.5h2.5zm-1.5 9c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5z" />
);

/** Courier services of every vendor: read, and deactivate with a reason. */
const courierServicesResource = {
  list: ServiceList,
  show: ServiceShow,
  icon: ServiceIcon,
  recordRepresentation: (s: CourierService) => s.name,
} satisfies Omit<ResourceProps, 'name'>;

export default courierServicesResource;
