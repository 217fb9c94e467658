import { formatCount } from '@consign/shared/numbers';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';
import { useReviewSummary } from '../../shared/api/meta';

export function Footer() {
  // The prerendered page carries its build's year; the browser's clock has the last word.
  const year = new Date().getFullYear();
  const reviews = useReviewSummary().data;
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Logo />
          <p className="site-footer__tagline">
            Compare, book and track courier deliveries across the UK and worldwide.
          </p>
          {reviews && reviews.count > 0 ? (
            <p className="site-footer__reviews">
              <span className="stars" aria-hidden="true">
                ★
              </span>{' '}
              {reviews.average !== null ? `${reviews.average.toFixed(1)} out of 5 from ` : ''}
              {formatCount(reviews.count)} verified {reviews.count === 1 ? 'review' : 'reviews'}
            </p>
          ) : null}
        </div>
        <nav aria-label="Footer" className="site-footer__nav">
          <ul>
            <li>
              <Link to="/track">Track a parcel</Link>
            </li>
            <li>
              <Link to="/returns">Return a parcel</Link>
            </li>
            <li>
              <Link to="/terms">Terms and Conditions</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy Notice</Link>
            </li>
            <li>
              <Link to="/contact">Contact Us</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container site-footer__legal">
        <p>
          © <span suppressHydrationWarning>{year}</span> Consign Ltd, registered in England and Wales. Consign
          is a marketplace: deliveries are carried out by the independent courier you book.
        </p>
      </div>
    </footer>
  );
}
