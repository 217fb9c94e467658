import { DataTable, DateField, List } from 'react-admin';
import { DATE_TIME } from '../../format';

export function ArticleList() {
  return (
    <List sort={{ field: 'updatedAt', order: 'DESC' }} perPage={25}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="title" />
        <DataTable.Col source="id" label="resources.articles.fields.slug" />
        <DataTable.Col source="updatedAt">
          <DateField source="updatedAt" showTime locales="en-GB" options={DATE_TIME} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
