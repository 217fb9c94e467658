import { Create, SimpleForm } from 'react-admin';
import { ArticleFields } from './shared';

export function ArticleCreate() {
  return (
    <Create redirect="edit">
      <SimpleForm>
        <ArticleFields creating />
      </SimpleForm>
    </Create>
  );
}
