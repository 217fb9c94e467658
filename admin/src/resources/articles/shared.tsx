import { useState } from 'react';
import { Button, FormDataConsumer, required, TextInput, useDataProvider, useNotify } from 'react-admin';
import type { ConsignDataProvider } from '../../dataProvider';
import { msg, useT } from '../../i18n/keys';
import type { Article } from '../../types';

/**
 * Shows the HTML as visitors will see it: the API sanitises it with the rules it applies on save,
 * so the preview is never more permissive than the published page.
 */
export function Preview({ html }: { html: string }) {
  const dataProvider = useDataProvider<ConsignDataProvider>();
  const notify = useNotify();
  const translate = useT();
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
      <Button label={msg('consign.articles.preview')} onClick={() => void run()} disabled={busy || !html} />
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

export function ArticleFields({ creating }: { creating: boolean }) {
  return (
    <>
      {creating && (
        <TextInput
          source="slug"
          validate={required()}
          helperText={msg('consign.articles.slug_help')}
          fullWidth
        />
      )}
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput
        source="html"
        validate={required()}
        multiline
        minRows={10}
        fullWidth
        helperText={msg('consign.articles.html_help')}
      />
      <FormDataConsumer<Article>>{({ formData }) => <Preview html={formData.html ?? ''} />}</FormDataConsumer>
    </>
  );
}
