import { BooleanField, DataTable, DateField, List, SearchInput, SelectField, SelectInput } from 'react-admin';
import { ROLE_CHOICES } from './shared';

export const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" choices={ROLE_CHOICES} emptyText="consign.users.any_role" alwaysOn />,
  <SelectInput
    key="disabled"
    source="disabled"
    choices={[
      { id: true, name: 'consign.users.disabled_only' },
      { id: false, name: 'consign.users.enabled_only' },
    ]}
    emptyText="consign.users.any_state"
  />,
];

export function UserList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="email" />
        <DataTable.Col source="name" />
        <DataTable.Col source="role">
          <SelectField source="role" choices={ROLE_CHOICES} />
        </DataTable.Col>
        <DataTable.Col source="disabled">
          <BooleanField source="disabled" />
        </DataTable.Col>
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" locales="en-GB" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
