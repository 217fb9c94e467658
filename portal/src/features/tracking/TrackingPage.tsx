import { type TrackingState, trackingSummary } from '@consign/shared/tracking';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { formatDateTime, formatLongDate } from '../../lib/format';
import { describeError, isApiError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth';
import { describeDay } from '../../shared/dropoff/hours';
import { lossReason } from '../../shared/orders/loss-claim';
import { summaryState } from '../../shared/orders/tracking-summary';
import { WindowText } from '../../shared/orders/WindowText';
import { cleanCode, STAGES, stagesReached, type Tracking, trackingApi } from './tracking-api';
import { trackingHelp } from './tracking-help';
import '../../shared/orders/orders.css';
import './tracking.css';

/**
 * `/track/{code}`: a parcel's progress for the recipient, signed out. What recipients of Royal
 * Mail and DPD parcels ask first leads: when will it come (the promised day, and plainly when it
 * moved), where it is now (the stage bar and the latest line), and who to ask when something
 * goes wrong. No names or addresses: post towns and districts only.
 */
export function TrackingPage() {
  const { code = '' } = useParams();
  const clean = cleanCode(code);
  usePageTitle(`Tracking ${clean}`);
  const tracking = useQuery({
    queryKey: ['tracking', clean],
    queryFn: ({ signal }) => trackingApi.get(clean, signal),
    retry: false,
  });

  return (
    <section className="container page tracking">
      <p className="muted tracking__code">
        Tracking code <strong>{clean}</strong>
      </p>
      {tracking.isPending ? (
        <Spinner label="Loading the parcel’s progress" />
      ) : tracking.isError ? (
        isApiError(tracking.error, 404) ? (
          <NotFound />
        ) : (
          <div className="card stack" role="alert">
            <h1>We could not load this parcel</h1>
            <p>{describeError(tracking.error)}</p>
            <div className="row">
              <button
                type="button"
                className="button button--primary"
                onClick={() => void tracking.refetch()}
              >
                Try again
              </button>
            </div>
          </div>
        )
      ) : (
        <TrackingView tracking={tracking.data} />
      )}
    </section>
  );
}

function NotFound() {
  return (
    <div className="card stack tracking__missing">
      <h1>No parcel has this code</h1>
      <p>
        Check the code on the label or in your email: it is 12 letters and numbers. A parcel appears here once
        its sender has paid for the delivery.
      </p>
      <div className="row">
        <Link to="/track" className="button button--primary">
          Enter another code
        </Link>
      </div>
    </div>
  );
}

function placeOf(place: Tracking['origin']) {
  return place.postcodeDistrict
    ? `${place.town} (${place.postcodeDistrict})`
    : `${place.town}, ${place.country}`;
}

function TrackingView({ tracking }: { tracking: Tracking }) {
  const reached = stagesReached(tracking);
  const state = summaryState(tracking);
  const { headline, line } = trackingSummary(state);
  return (
    <div className="stack">
      <header className="tracking__header">
        <h1>
          <WindowText text={headline} />
        </h1>
        {line ? (
          <p className="lead tracking__promise">
            <WindowText text={line} />
          </p>
        ) : null}
        <p className="muted">
          From {placeOf(tracking.origin)} to {placeOf(tracking.destination)} with {tracking.courier.name} (
          {tracking.service.name})
        </p>
      </header>

      <Unsubscribe code={tracking.code} />

      <LossClaimNotice tracking={tracking} />

      {tracking.status !== 'cancelled' ? (
        <ol className="tracking-stages" aria-label={`Progress: stage ${reached} of ${STAGES.length}`}>
          {STAGES.map((stage, index) => {
            const done = index < reached;
            const current = index === reached - 1;
            return (
              <li
                key={stage.key}
                className={`tracking-stages__stage${done ? ' is-done' : ''}${current ? ' is-current' : ''}`}
                aria-current={current ? 'step' : undefined}
              >
                <span className="tracking-stages__dot" aria-hidden="true" />
                <span className="tracking-stages__label">
                  {stage.label}
                  <span className="visually-hidden">{done ? ' (done)' : ' (not yet)'}</span>
                </span>
              </li>
            );
          })}
        </ol>
      ) : null}

      {tracking.dropOffPoint ? <DropOffCard point={tracking.dropOffPoint} /> : null}

      <section className="card stack" aria-labelledby="tracking-timeline">
        <h2 id="tracking-timeline">Timeline</h2>
        {tracking.timeline.length === 0 ? (
          <p className="muted">No updates yet.</p>
        ) : (
          <ol className="timeline" aria-label="Tracking timeline">
            {[...tracking.timeline].reverse().map((entry) => (
              <li
                key={`${entry.at}-${entry.event ?? entry.status}`}
                className={`timeline__item timeline__item--${entry.status}`}
              >
                <span className="timeline__dot" aria-hidden="true" />
                <div>
                  <p className="timeline__status">
                    <WindowText text={entry.description} />
                  </p>
                  <p className="muted timeline__time">
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="card stack" aria-labelledby="tracking-help">
        <h2 id="tracking-help">Questions about this delivery?</h2>
        <Help tracking={tracking} state={state} />
        <dl className="meta-list">
          <dt>Courier</dt>
          <dd>{tracking.courier.name}</dd>
          <dt>Service</dt>
          <dd>{tracking.service.name}</dd>
          <dt>Collection</dt>
          <dd>{formatLongDate(tracking.collectionDate)}</dd>
        </dl>
        <p>
          {tracking.courier.website ? (
            <>
              Contact {tracking.courier.name} on{' '}
              <a href={tracking.courier.website} target="_blank" rel="noopener noreferrer">
                their website
              </a>{' '}
              with your tracking code, or ask the sender.{' '}
            </>
          ) : (
            <>The sender booked this delivery and can reach {tracking.courier.name} for you. </>
          )}
          If you cannot reach either, <Link to="/contact">contact Consign</Link> with the tracking code.
        </p>
      </section>
    </div>
  );
}

/**
 * The offer of a loss claim (the dashboard drawer's, in the same words): whoever reads this page may
 * be the recipient, so it says that the sender claims; the link opens the claim in the sender's
 * dashboard, after logging in (RequireRole brings them back to it).
 */
export function LossClaimNotice({ tracking }: { tracking: Pick<Tracking, 'code' | 'lossClaim'> }) {
  const { status } = useAuth();
  if (!tracking.lossClaim.offered) return null;
  return (
    <section className="alert alert--info stack loss-claim-notice" aria-labelledby="tracking-loss">
      <h2 id="tracking-loss" className="loss-claim-notice__title">
        Has your parcel gone missing?
      </h2>
      <p>{lossReason(tracking.lossClaim)}</p>
      <p>
        The person who booked this delivery can claim for a lost parcel now: the form is filled in for them to
        check. If the parcel was sent to you, ask the sender to claim.
      </p>
      <div className="row">
        <Link
          to={`/dashboard?track=${encodeURIComponent(tracking.code)}&claim=loss`}
          className="button button--primary"
        >
          Claim for a lost parcel
        </Link>
      </div>
      {status === 'authenticated' ? null : (
        <p className="muted">You will be asked to log in with the account that booked it.</p>
      )}
    </section>
  );
}

/** Where the sender hands the parcel over: a shop's address and hours, never the sender's. */
function DropOffCard({ point }: { point: NonNullable<Tracking['dropOffPoint']> }) {
  const { address } = point;
  return (
    <section className="card stack" aria-labelledby="tracking-dropoff">
      <h2 id="tracking-dropoff">Drop-off point</h2>
      <p>
        <strong>{point.name}</strong>
      </p>
      <address>
        {[address.line1, address.line2, address.town, address.postcode].filter(Boolean).join(', ')}
      </address>
      <p>{describeDay(point.hoursOnDate)}</p>
    </section>
  );
}

/** The advice recipients look for at each moment (RM and DPD help pages answer the same questions). */
function Help({ tracking, state }: { tracking: Tracking; state: TrackingState }) {
  const help = trackingHelp(state);
  if (help) return <p>{help}</p>;
  return (
    <>
      <p>
        Not with you? Check with neighbours and any safe place first; then contact the courier with the
        tracking code.
      </p>
      <p>
        Need to send it back?{' '}
        <Link to={`/returns?code=${encodeURIComponent(tracking.code)}`}>Start a return</Link> with this
        tracking code and the delivery postcode.
      </p>
    </>
  );
}

/** `?unsubscribe=<token>` from the link in a recipient email: one button stops them. */
function Unsubscribe({ code }: { code: string }) {
  const [params] = useSearchParams();
  const token = params.get('unsubscribe');
  const stop = useMutation({ mutationFn: () => trackingApi.unsubscribe(code, token ?? '') });
  if (!token) return null;
  return (
    <div className="card tracking__unsubscribe stack" role="region" aria-label="Email updates">
      {stop.isSuccess ? (
        <p role="status">Done: you will get no more emails about this parcel. This page keeps working.</p>
      ) : (
        <>
          <p>Stop the emails about this parcel? You can still follow it here.</p>
          <div className="row">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => stop.mutate()}
              disabled={stop.isPending}
            >
              {stop.isPending ? 'Stopping…' : 'Stop emails about this parcel'}
            </button>
          </div>
          {stop.isError ? (
            <p className="field__error" role="alert">
              {describeError(stop.error)}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
