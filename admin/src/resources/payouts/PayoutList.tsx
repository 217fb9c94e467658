import { DataTable, DateField, List, TopToolbar, useRefresh } from 'react-admin';
import { RunPayoutsButton } from '../../finance/RunPayoutsButton';
import { DATE_TIME } from '../../format';
import { PayoutStatusField, PayoutTotalsField, PayoutTriggerField } from './shared';

function Actions() {
  const refresh = useRefresh();
  return (
    <TopToolbar>
      <RunPayoutsButton onDone={() => refresh()} />
    </TopToolbar>
  );
}

/** Payout batches, newest first: when, how, how many couriers, what they pay, how they ended. */
export function PayoutList() {
  return (
    <List actions={<Actions />} sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" showTime locales="en-GB" options={DATE_TIME} />
        </DataTable.Col>
        <DataTable.Col source="status">
          <PayoutStatusField />
        </DataTable.Col>
        <DataTable.Col source="trigger" disableSort>
          <PayoutTriggerField />
        </DataTable.Col>
        <DataTable.NumberCol source="itemCount" disableSort />
        <DataTable.Col source="totals" disableSort>
          <PayoutTotalsField />
        </DataTable.Col>
        <DataTable.NumberCol source="paid" disableSort />
        <DataTable.NumberCol source="returned" disableSort />
      </DataTable>
    </List>
  );
}
