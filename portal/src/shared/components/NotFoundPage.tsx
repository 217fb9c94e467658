import { Link } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="container page narrow">
      <div className="card empty-state">
        <p className="empty-state__code" aria-hidden="true">
          404
        </p>
        <h1>Oops! Something went wrong</h1>
        <p className="muted">Sorry, the page you are looking for cannot be found.</p>
        <Link to="/" className="button button--primary">
          Back to Home
        </Link>
      </div>
    </section>
  );
}
