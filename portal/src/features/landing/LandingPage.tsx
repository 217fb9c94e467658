import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { isApiError } from '../../shared/api/client';
import { quotesApi } from '../../shared/api/quotes';
import { NotFoundPage } from '../../shared/components/NotFoundPage';
import { WhyConsign } from '../../shared/components/WhyConsign';
import { QuoteForm } from '../../shared/quotes/QuoteForm';

/** The API's slug rule (features/content): lower-case words joined by single hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * `/:slug`, the quote landing page: an article chosen by the path, beside the quote form.
 *
 * Every single-segment path that no other route claims lands here, so an unknown article is
 * the not-found page (as any unknown path is), not a quote form under a made-up address: a
 * mistyped /contcat must say the page does not exist. If the article cannot be loaded for any
 * other reason (offline, server error), the form still works and the article offers a retry.
 */
export function LandingPage() {
  const { slug = '' } = useParams();
  const valid = SLUG.test(slug);
  const article = useQuery({
    queryKey: ['articles', slug],
    queryFn: ({ signal }) => quotesApi.article(slug, signal),
    enabled: valid,
    staleTime: 10 * 60 * 1000,
    retry: (count, error) => count < 1 && !isApiError(error, 404) && !isApiError(error, 422),
  });
  const notFound = !valid || isApiError(article.error, 404) || isApiError(article.error, 422);
  // NotFoundPage sets its own title; this effect runs after it, so it must agree.
  usePageTitle(notFound ? 'Page not found' : (article.data?.title ?? ''));

  if (notFound) return <NotFoundPage />;

  if (article.isPending) {
    return (
      <div className="page-state">
        <Spinner size="lg" label="Loading..." />
      </div>
    );
  }

  return (
    <section className="container page">
      <div className="landing">
        {article.isError ? (
          <div className="card stack landing__article" role="alert">
            <h1>Compare courier quotes</h1>
            <p className="muted">We could not load this article just now. You can still get a quote.</p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void article.refetch()}
              disabled={article.isFetching}
            >
              Try again
            </button>
          </div>
        ) : (
          <article className="prose landing__article">
            <h1>{article.data.title}</h1>
            {/* The API sanitises article HTML (allow-list of tags and attributes) before serving it. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side, see features/content/sanitize.ts */}
            <div dangerouslySetInnerHTML={{ __html: article.data.html }} />
          </article>
        )}
        <div className="landing__form">
          <QuoteForm />
        </div>
      </div>
      <div className="landing__why">
        <WhyConsign />
      </div>
    </section>
  );
}
