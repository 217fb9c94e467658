import { Create, SimpleForm } from 'react-admin';
import { msg } from '../../i18n/keys';
import { useSavedNotice } from '../../saved';
import { ArticleFields } from './shared';

export function ArticleCreate() {
  const saved = useSavedNotice(msg('consign.articles.created'), 'edit', (r) => String(r.title));
  return (
    <Create mutationOptions={saved}>
      <SimpleForm>
        <ArticleFields creating />
      </SimpleForm>
    </Create>
  );
}
