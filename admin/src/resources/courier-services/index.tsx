import {
  DataTable,
  DateField,
  FunctionField,
  List,
  ListButton,
  ReferenceField,
  type ResourceProps,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { MaterialIcon } from '../../icons';
import { ReasonAction } from '../../ReasonAction';

/** A courier service as the admin API answers it (CourierService in openapi.yaml), the parts shown. */
interface CourierService {
  id: string;
  vendorId: string;
  name: string;
  serviceType: string;
  status: 'active' | 'inactive';
  fromLocation: string;
  toLocation: string[];
  transitDays: number | null;
  createdAt: string;
}

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
        <DataTable.Col source="serviceType" />
        <DataTable.Col source="status" />
        <DataTable.Col source="toLocation" disableSort>
          <FunctionField<CourierService> render={(s) => `${s.fromLocation} → ${s.toLocation.join(', ')}`} />
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
        <TextField source="serviceType" />
        <TextField source="status" />
        <FunctionField<CourierService>
          source="toLocation"
          render={(s) => `${s.fromLocation} → ${s.toLocation.join(', ')}`}
        />
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
