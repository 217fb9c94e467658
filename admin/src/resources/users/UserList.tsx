import { BooleanField, DataTable, DateField, List, SelectField } from 'react-admin';
import { listFilters, yesNo } from '../../components/listFilters';
import { DAY } from '../../format';
import { msg } from '../../i18n/keys';
import { ROLE_CHOICES } from './shared';

export const filters = listFilters(
  'search',
  { source: 'role', choices: ROLE_CHOICES, empty: msg('consign.users.any_role') },
  {
    source: 'disabled',
    choices: yesNo(msg('consign.users.disabled_only'), msg('consign.users.enabled_only')),
    empty: msg('consign.users.any_state'),
    alwaysOn: false,
  },
);

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
          <DateField source="createdAt" locales="en-GB" options={DAY} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
