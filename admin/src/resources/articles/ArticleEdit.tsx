import { Edit, SimpleForm } from 'react-admin';
import { msg } from '../../i18n/keys';
import { useSavedNotice } from '../../saved';
import { ArticleFields } from './shared';

export function ArticleEdit() {
  const saved = useSavedNotice(msg('consign.articles.saved'), 'list', (r) => String(r.title));
  return (
    <Edit
      mutationOptions={saved}
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
