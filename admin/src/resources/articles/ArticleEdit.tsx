import { Edit, SimpleForm } from 'react-admin';
import { ArticleFields } from './shared';

export function ArticleEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      // The API takes exactly what staff edit; the record's other fields are the server's.
      transform={(data: { title: string; html: string }) => ({ title: data.title, html: data.html })}
    >
      <SimpleForm>
        <ArticleFields creating={false} />
      </SimpleForm>
    </Edit>
  );
}
