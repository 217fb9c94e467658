import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle';
import { NotFoundPage } from '../../shared/components/NotFoundPage';

/** Shown when rendering a page throws: a calm message instead of a blank screen. */
export function RouteErrorPage({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  usePageTitle('Something went wrong');
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  const Wrapper = standalone ? 'main' : 'section';
  return (
    <Wrapper className="container page narrow">
      <div className="card empty-state">
        <h1>Oops! Something went wrong</h1>
        <p className="muted">An unexpected error stopped this page from loading. Please try again.</p>
        <div className="row row--center">
          <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
            Reload
          </button>
          <Link to="/" className="button button--primary" reloadDocument>
            Back to Home
          </Link>
        </div>
      </div>
    </Wrapper>
  );
}
