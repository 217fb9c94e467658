import { DataTable, DateField, FunctionField, List, NumberField } from 'react-admin';
import { listFilters, yesNo } from '../../components/listFilters';
import { DATE_TIME } from '../../format';
import { msg } from '../../i18n/keys';
import type { AdminReview } from '../../types';

export const filters = listFilters(
  'search',
  { source: 'hidden', choices: yesNo(msg('consign.reviews.hidden'), msg('consign.reviews.shown')) },
  {
    source: 'rating',
    choices: [1, 2, 3, 4, 5].map((n) => ({ id: n, name: `${n} ★` })),
  },
);

const excerpt = (text: string | null) => (text && text.length > 80 ? `${text.slice(0, 80)}…` : (text ?? '—'));

export function ReviewList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" showTime locales="en-GB" options={DATE_TIME} />
        </DataTable.Col>
        <DataTable.Col source="rating">
          <NumberField source="rating" />
        </DataTable.Col>
        <DataTable.Col source="authorEmail" disableSort>
          <FunctionField<AdminReview> render={(r) => r.authorEmail ?? '—'} />
        </DataTable.Col>
        <DataTable.Col source="vendorName" disableSort />
        <DataTable.Col source="serviceName" disableSort />
        <DataTable.Col source="comment" disableSort>
          <FunctionField<AdminReview> render={(r) => excerpt(r.comment)} />
        </DataTable.Col>
        <DataTable.Col source="hidden" disableSort>
          <FunctionField<AdminReview> render={(r) => (r.hidden ? 'Hidden' : 'Shown')} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
