import { DataTable, DateField, List } from 'react-admin';

export function ArticleList() {
  return (
    <List sort={{ field: 'updatedAt', order: 'DESC' }} perPage={25}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="title" />
        <DataTable.Col source="id" label="resources.articles.fields.slug" />
        <DataTable.Col source="updatedAt">
          <DateField source="updatedAt" showTime locales="en-GB" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
