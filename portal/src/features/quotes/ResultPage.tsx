import { useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { describeError, isApiError } from '../../shared/api/client';
import { referenceDataQuery, reviewSummaryQuery } from '../../shared/api/meta';
import type { PrefetchContext } from '../../shared/api/prefetch';
import type { Country, Quote, QuoteOption, QuoteRequest } from '../../shared/api/quotes';
import { useAuthDialogs } from '../../shared/auth/AuthDialogs';
import { useAuth } from '../../shared/auth/auth';
import { QuoteForm } from '../../shared/quotes/QuoteForm';
import {
  formFromRequest,
  type ParsedSearch,
  parseResultSearch,
  searchFromRequest,
} from '../../shared/quotes/quoteQuery';
import { useQuoteReferenceData } from '../../shared/quotes/referenceData';
import { lazyToast } from '../../shared/toasts/lazyToast';
import { Announcement, useAnnouncer } from './announcer';
import { type SortKey, sortOptions } from './format';
import { QuoteOptionCard } from './QuoteOptionCard';
import { quoteQuery, quoteQueryKey } from './quoteQueries';
import { type OnOutcome, useRevealOutcome } from './revealOutcome';
import '../../shared/quotes/quotes.css';

export const PROBLEM_TITLE = 'Oh no! Looks like there was a problem getting your quote.';
/** Nothing went wrong when nothing fits: the answer is "no", not "a problem". */
export const NO_FIT_TITLE = 'No courier on Consign can carry this parcel on this route.';
export const PROBLEM_TEXT =
  'Either the weight is too high, the dimensions are too big, or the service is not available between the selected locations. Please check your item and try again.';
export const PROMPT_TEXT = 'Kindly complete the form above to dispatch your parcel.';

/**
 * Asks for the opening search's quote as soon as this chunk arrives (app/router.tsx preloadPage),
 * while React is still rendering the page: on a phone the answer is then there about a render
 * sooner. A search that needs the destination list first (a country by name) is left to the page.
 */
export function prefetchPage({ queryClient, apiClient, location }: PrefetchContext): void {
  const parsed = parseResultSearch(new URLSearchParams(location.search));
  if (parsed.kind === 'ok') void queryClient.prefetchQuery(quoteQuery(apiClient, parsed.request));
  // The form's lists and the footer's review figures, after the quote: started by React instead,
  // they were fetched from inside the commit that draws the page, lengthening its longest task,
  // and their answers then drew the page a second time. (This page is not prerendered, so data
  // that arrives before the first render cannot disagree with server-drawn HTML.)
  void queryClient.prefetchQuery(referenceDataQuery);
  void queryClient.prefetchQuery(reviewSummaryQuery);
}

export function ResultPage() {
  usePageTitle('Your Comparison Result');
  const [params] = useSearchParams();
  const reference = useQuoteReferenceData();
  // A destination named in the URL waits for the list; if the list cannot be had, it is unknown.
  const destinations = reference.isError
    ? reference.data.internationalDestinations
    : reference.isFallback
      ? undefined
      : reference.data.internationalDestinations;
  const parsed = useMemo(() => parseResultSearch(params, destinations), [params, destinations]);
  const formKey = parsed.kind === 'ok' ? searchFromRequest(parsed.request) : parsed.kind;
  const announcer = useAnnouncer();

  return (
    <section className="container page results-page">
      <h1 className="results-page__title">Your Comparison Result</h1>
      <div className="results-page__form">
        <QuoteForm
          key={formKey}
          title="Change your parcel"
          initialValues={parsed.kind === 'ok' ? formFromRequest(parsed.request) : undefined}
        />
      </div>
      <Results parsed={parsed} onOutcome={announcer.say} />
      <Announcement announcer={announcer} />
    </section>
  );
}

function Results({ parsed, onOutcome }: { parsed: ParsedSearch; onOutcome: OnOutcome }) {
  const headingId = useId();
  if (parsed.kind === 'empty') {
    return (
      <div className="card empty-state results-page__prompt">
        <p className="lead">{PROMPT_TEXT}</p>
      </div>
    );
  }
  if (parsed.kind === 'pending') return <LoadingResults headingId={headingId} />;
  if (parsed.kind === 'invalid')
    return (
      <Problem headingId={headingId} title={NO_FIT_TITLE} detail={parsed.message} onOutcome={onOutcome} />
    );
  return <QuoteResults request={parsed.request} headingId={headingId} onOutcome={onOutcome} />;
}

function LoadingResults({ headingId }: { headingId: string }) {
  return (
    <section className="results" aria-labelledby={headingId} aria-busy="true">
      <h2 id={headingId} className="results__heading">
        Loading...
      </h2>
      <div className="page-state">
        <Spinner size="lg" label="Finding couriers for your parcel" />
      </div>
    </section>
  );
}

function QuoteResults({
  request,
  headingId,
  onOutcome,
}: {
  request: QuoteRequest;
  headingId: string;
  onOutcome: OnOutcome;
}) {
  const { apiClient, status } = useAuth();
  const queryClient = useQueryClient();
  const reference = useQuoteReferenceData();
  const [sort, setSort] = useState<SortKey>('price');

  const quote = useQuery({
    ...quoteQuery(apiClient, request),
    // Wait for a session restore, so a signed-in customer's quote is recorded as theirs.
    enabled: status !== 'loading',
  });

  // Up to 50 cards render when the answer arrives. The query's update is synchronous (an external
  // store), so the list renders from a deferred copy: the loading state stays a moment longer,
  // while React renders the cards in slices the browser can interrupt, instead of one long task.
  const data = useDeferredValue(quote.data);
  const sorted = useMemo(() => sortOptions(data?.options ?? [], sort), [data, sort]);
  const onExpired = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: quoteQueryKey(request) }),
    [queryClient, request],
  );

  if (quote.isError) {
    // A 422 names the field the API refused (an unknown postcode area, a parcel too big for any service).
    const refused = isApiError(quote.error, 422);
    if (!refused) console.error('Quote request failed', quote.error);
    const detail = refused ? refusalReason(quote.error) : undefined;
    return (
      <Problem
        headingId={headingId}
        title={refused ? NO_FIT_TITLE : PROBLEM_TITLE}
        detail={detail}
        request={request}
        onOutcome={onOutcome}
      />
    );
  }
  if (!data) return <LoadingResults headingId={headingId} />;
  if (sorted.length === 0 && !data.routeServed) {
    return (
      <Unserved
        headingId={headingId}
        request={request}
        place={placeText(request, reference.data.internationalDestinations)}
        onOutcome={onOutcome}
      />
    );
  }
  if (sorted.length === 0)
    return <Problem headingId={headingId} title={NO_FIT_TITLE} request={request} onOutcome={onOutcome} />;

  return (
    <OptionList
      quote={data}
      sorted={sorted}
      sort={sort}
      onSort={setSort}
      request={request}
      headingId={headingId}
      onOutcome={onOutcome}
      onExpired={onExpired}
    />
  );
}

function OptionList({
  quote: current,
  sorted,
  sort,
  onSort: setSort,
  request,
  headingId,
  onOutcome,
  onExpired,
}: {
  quote: Quote;
  sorted: QuoteOption[];
  sort: SortKey;
  onSort: (sort: SortKey) => void;
  request: QuoteRequest;
  headingId: string;
  onOutcome: OnOutcome;
  onExpired: () => void;
}) {
  const { status, user } = useAuth();
  const { openSignIn } = useAuthDialogs();
  const navigate = useNavigate();
  const reference = useQuoteReferenceData();
  const sortId = useId();
  const count = `${sorted.length} courier ${sorted.length === 1 ? 'option' : 'options'} found`;
  const headingRef = useRevealOutcome(current.id, count, onOutcome);

  // Stable while the result is, so a card already drawn is not drawn again as more are revealed.
  const book = useCallback(
    (option: QuoteOption) => {
      const bookingPath = `/booking?quote=${encodeURIComponent(current.id)}&option=${encodeURIComponent(option.id)}`;
      if (status !== 'authenticated' || !user) {
        // Signing in (or up) carries on to the booking of this option, not back to the results.
        openSignIn({ next: bookingPath });
        return;
      }
      if (Date.parse(current.expiresAt) <= Date.now()) {
        lazyToast('info', 'Those prices have expired, so we fetched fresh ones. Please choose again.');
        onExpired();
        return;
      }
      navigate(bookingPath);
    },
    [current, status, user, openSignIn, onExpired, navigate],
  );
  const shown = useRevealedCount(sorted.length, current.id);

  const parcelCount = request.parcels.length;
  return (
    <section className="results" aria-labelledby={headingId}>
      <div className="results__bar">
        <div>
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="results__heading">
            Available couriers
          </h2>
          <p className="muted results__summary">
            {sorted.length} {sorted.length === 1 ? 'option' : 'options'} for {parcelCount}{' '}
            {parcelCount === 1 ? 'parcel' : 'parcels'},{' '}
            {routeText(request, reference.data.internationalDestinations)}. Prices include VAT where it
            applies.
          </p>
        </div>
        <div className="field results__sort">
          <label className="field__label" htmlFor={sortId}>
            Sort by
          </label>
          <select
            id={sortId}
            className="input input--select"
            value={sort}
            onChange={(event) => setSort(event.target.value as SortKey)}
          >
            <option value="price">Price (lowest first)</option>
            <option value="delivery">Delivery date (soonest first)</option>
            <option value="rating">Rating (highest first)</option>
          </select>
        </div>
      </div>
      <ul className="results__list">
        {sorted.slice(0, shown).map((option) => (
          <li key={option.id}>
            <QuoteOptionCard option={option} parcels={request.parcels} onBook={book} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Cards drawn with the result: more than a desktop screen shows. */
const FIRST_CARDS = 6;
/** Cards added in each later step. */
const CARDS_PER_STEP = 8;

/**
 * How many of a result's cards are drawn: the first screenful with the result, then the rest a
 * few at a time, each step a transition the browser can interrupt. Drawn at once, 50 cards could
 * make one task of about 90 ms on the project's 2-core test machine (356 ms on Lighthouse's
 * emulated phone), which input waited behind. A new result (another search, or fresh prices)
 * starts again from the first screenful.
 */
function useRevealedCount(total: number, resultId: string): number {
  const [revealed, setRevealed] = useState({ resultId, count: FIRST_CARDS });
  const count = revealed.resultId === resultId ? revealed.count : FIRST_CARDS;
  useEffect(() => {
    if (count >= total) return;
    // A task of its own, after the browser has had the chance to paint the cards already drawn.
    const timer = setTimeout(() => {
      startTransition(() => setRevealed({ resultId, count: count + CARDS_PER_STEP }));
    }, 0);
    return () => clearTimeout(timer);
  }, [count, total, resultId]);
  return Math.min(count, total);
}

function refusalReason(error: unknown): string {
  const fields = isApiError(error) ? (error.problem.errors ?? []).map((e) => e.message) : [];
  return fields.length > 0 ? [...new Set(fields)].join('. ') : describeError(error);
}

function routeText(request: QuoteRequest, destinations: readonly Country[]): string {
  switch (request.serviceType) {
    case 'domestic':
      return `${request.from} to ${request.to}`;
    case 'international':
      return `United Kingdom to ${destinations.find((d) => d.code === request.to)?.name ?? request.to}`;
    case 'same_day':
      return `${request.fromPostcode} to ${request.toPostcode}, same day`;
  }
}

/** Where a route goes, as the unserved answer names it: the country, or the route. */
function placeText(request: QuoteRequest, destinations: readonly Country[]): string {
  if (request.serviceType === 'international') {
    return destinations.find((d) => d.code === request.to)?.name ?? request.to;
  }
  return routeText(request, destinations);
}

/**
 * No active courier service covers the route at all: that is the answer, rather than "try
 * different dimensions", which no parcel size would change. Couriers choose what they serve.
 */
function Unserved({
  headingId,
  request,
  place,
  onOutcome,
}: {
  headingId: string;
  request: QuoteRequest;
  place: string;
  onOutcome: OnOutcome;
}) {
  const title = `No courier serves ${place} yet`;
  const headingRef = useRevealOutcome(`unserved ${searchFromRequest(request)}`, title, onOutcome);
  return (
    <section className="results" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="results__heading">
        {title}
      </h2>
      <div className="card empty-state results__problem">
        <p className="muted">
          Couriers on Consign choose the places they deliver to, and none has chosen this one so far. You can
          post your parcel as a job with the price you want to pay, and couriers can accept it.
        </p>
        <div className="row row--center">
          <Link to={`/post-job?${searchFromRequest(request)}`} className="button button--primary">
            Post a job instead
          </Link>
        </div>
      </div>
    </section>
  );
}

function Problem({
  headingId,
  title,
  detail,
  request,
  onOutcome,
}: {
  headingId: string;
  title: string;
  detail?: string;
  request?: QuoteRequest;
  onOutcome: OnOutcome;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  // 'default' is the key of the first page of a visit: there is no page to go back to.
  const canGoBack = location.key !== 'default';
  const postJob = request ? `/post-job?${searchFromRequest(request)}` : '/post-job';
  const headingRef = useRevealOutcome(
    `problem ${request ? searchFromRequest(request) : ''} ${detail ?? ''}`,
    'No courier options found',
    onOutcome,
  );
  return (
    <section className="results" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="results__heading">
        Try different dimensions
      </h2>
      <div className="card empty-state results__problem">
        <p className="results__problem-title">{title}</p>
        <p className="muted">{PROBLEM_TEXT}</p>
        {detail ? <p className="results__problem-detail">{detail}</p> : null}
        <div className="row row--center">
          <button
            type="button"
            className="button button--primary"
            onClick={() => (canGoBack ? navigate(-1) : navigate('/'))}
          >
            Go back
          </button>
          {request ? (
            <Link to={postJob} className="button button--secondary">
              Post a job instead
            </Link>
          ) : null}
        </div>
        {request ? (
          <p className="muted results__problem-note">
            Post your parcel as a job with the price you want to pay, and couriers can accept it.
          </p>
        ) : null}
      </div>
    </section>
  );
}
