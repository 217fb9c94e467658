import { useState } from 'react';
import {
  Button,
  Create,
  DataTable,
  DateField,
  Edit,
  FormDataConsumer,
  List,
  type ResourceProps,
  required,
  SimpleForm,
  TextInput,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { ConsignDataProvider } from '../../dataProvider';
import { MaterialIcon } from '../../icons';
import type { Article } from '../../types';

function ArticleList() {
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

/**
 * Shows the HTML as visitors will see it: the API sanitises it with the rules it applies on save,
 * so the preview is never more permissive than the published page.
 */
function Preview({ html }: { html: string }) {
  const dataProvider = useDataProvider<ConsignDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [shown, setShown] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      setShown(await dataProvider.previewArticle(html));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-label={translate('consign.articles.preview')} style={{ width: '100%' }}>
      <Button label="consign.articles.preview" onClick={() => void run()} disabled={busy || !html} />
      {shown !== null && (
        <div
          className="article-preview"
          style={{ border: '1px solid #d7deea', borderRadius: 8, padding: '1rem', marginTop: '0.5rem' }}
          // Sanitised by the API (features/content/sanitize.ts) just above.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
          dangerouslySetInnerHTML={{ __html: shown }}
        />
      )}
    </section>
  );
}

function ArticleFields({ creating }: { creating: boolean }) {
  return (
    <>
      {creating && (
        <TextInput source="slug" validate={required()} helperText="consign.articles.slug_help" fullWidth />
      )}
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput
        source="html"
        validate={required()}
        multiline
        minRows={10}
        fullWidth
        helperText="consign.articles.html_help"
      />
      <FormDataConsumer<Article>>{({ formData }) => <Preview html={formData.html ?? ''} />}</FormDataConsumer>
    </>
  );
}

function ArticleCreate() {
  return (
    <Create redirect="edit">
      <SimpleForm>
        <ArticleFields creating />
      </SimpleForm>
    </Create>
  );
}

function ArticleEdit() {
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

/** Material's "Article" glyph, inline (see icons.tsx). */
const ArticleIcon = () => (
  <MaterialIcon path="M19 3H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2zm-5 14H7v-2h7v2zm3-4H7v-2h10v2zm0-4H7V7h10v2z" />
);

/** The landing-page articles (/:slug): create and edit, with a sanitised preview. */
const articlesResource = {
  list: ArticleList,
  create: ArticleCreate,
  edit: ArticleEdit,
  icon: ArticleIcon,
  recordRepresentation: (a: Article) => a.title,
} satisfies Omit<ResourceProps, 'name'>;

export default articlesResource;
