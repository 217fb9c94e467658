import { DataTable, DateField, List, SearchInput, SelectField, SelectInput } from 'react-admin';
import { CountryField } from '../../components/fields';
import { DAY } from '../../format';
import { msg } from '../../i18n/keys';
import { VENDOR_STATUS_CHOICES } from './types';

// `q` searches shop name, city and owner email on the server; `status` is an exact match.
// Sortable columns are the API's VENDOR_SORT_FIELDS (api/src/features/admin/admin.schemas.ts).
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={VENDOR_STATUS_CHOICES}
    emptyText={msg('consign.vendors.any_status')}
    alwaysOn
  />,
];

/**
 * Vendors waiting for activation first (the API sorts status in review order: pending, active,
 * suspended): the usual job is activating vendors that are waiting.
 */
export function VendorList() {
  return (
    <List filters={filters} sort={{ field: 'status', order: 'ASC' }} perPage={25}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="shopName" />
        <DataTable.Col source="status">
          <SelectField source="status" choices={VENDOR_STATUS_CHOICES} />
        </DataTable.Col>
        <DataTable.Col source="ownerEmail" />
        <DataTable.Col source="city" />
        <DataTable.Col source="postalCode" disableSort />
        <DataTable.Col source="country">
          <CountryField source="country" />
        </DataTable.Col>
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" locales="en-GB" options={DAY} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
