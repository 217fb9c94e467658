import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { useHydrated } from '../../components/useHydrated';
import { usePageTitle } from '../../components/usePageTitle';
import { WhyConsign } from '../../shared/components/WhyConsign';

/**
 * The quote form and its form and validation libraries are most of the page's script but none of
 * its first paint: they load in their own chunk, fetched as soon as this module runs (in parallel
 * with React's first render, not after it), while the page shows the hero and a placeholder of
 * the form's size.
 */
const formChunk = import('../../shared/quotes/QuoteForm');
const QuoteForm = lazy(async () => ({ default: (await formChunk).QuoteForm }));

const STEPS = [
  { title: 'Compare', text: 'Enter your parcel once and see the prices of couriers that can carry it.' },
  { title: 'Book and pay', text: 'Choose a collection date, add your addresses and pay securely online.' },
  {
    title: 'Print and track',
    text: 'Print your label, hand the parcel over and follow it from your dashboard.',
  },
];

const formPlaceholder = (
  <div className="card quote-form quote-form--loading">
    <Spinner label="Loading the quote form" />
  </div>
);

export function HomePage() {
  usePageTitle('');
  // The prerendered page carries the placeholder; the form replaces it once React has hydrated.
  const hydrated = useHydrated();
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">Parcel delivery, made simple</p>
            <h1 className="hero__title">Compare UK courier quotes</h1>
            <p className="hero__lead">
              Send parcels across the UK, to Europe and worldwide, or across town the same day. One form,
              every courier’s price, and no account needed to compare.
            </p>
          </div>
          <div className="hero__form">
            {hydrated ? (
              <Suspense fallback={formPlaceholder}>
                <QuoteForm />
              </Suspense>
            ) : (
              formPlaceholder
            )}
          </div>
        </div>
      </section>
      <section className="container page" aria-labelledby="how-it-works">
        <h2 id="how-it-works" className="section-title">
          How it works
        </h2>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="card steps__item">
              <span className="steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p className="muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <div className="container page home__why">
        <WhyConsign />
      </div>
      <section className="container page" aria-labelledby="for-couriers">
        <div className="card row row--between">
          <div>
            <h2 id="for-couriers" className="section-title">
              Run a courier business?
            </h2>
            <p className="muted">
              Register your business, publish your services and prices, and take orders and jobs from
              customers across the UK.
            </p>
          </div>
          <Link to="/signup?as=vendor" className="button button--primary">
            Register as a courier
          </Link>
        </div>
      </section>
    </>
  );
}
