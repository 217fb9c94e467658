import { formatMoney } from '@consign/shared/money';
import { CLAIM_KIND_LABELS, CLAIM_STATUS_FACTS } from '@consign/shared/statuses';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { ScrollTable } from '../../components/ScrollTable';
import { Spinner } from '../../components/Spinner';
import { formatDate, formatDateTime } from '../../lib/format';
import type { Claim } from '../../shared/api/claims';
import { describeError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth';
import { ClaimCard } from '../../shared/orders/OrderClaims';
import { StatusBadge } from '../../shared/orders/OrderParts';
import { partnerApi, partnerKeys } from './partner.api';
import { SectionError } from './SectionState';

/**
 * Claims on orders booked through the partner (docs/claims-and-returns.md, "Partners"), read
 * only: filing one is the partner API's (POST /partner/orders/{id}/claims) or the customer's.
 */
export function ClaimsSection() {
  const { apiClient } = useAuth();
  const [open, setOpen] = useState<Claim | null>(null);
  const claims = useInfiniteQuery({
    queryKey: partnerKeys.claims(),
    queryFn: ({ pageParam, signal }) => partnerApi.claims(apiClient, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = claims.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <section className="partner-section" aria-labelledby="partner-claims" id="claims">
      <h2 id="partner-claims">Claims</h2>
      <p className="muted">
        Loss and damage claims on orders booked through you, filed by your shoppers or through the API.
      </p>
      {claims.isPending ? (
        <div className="page-state page-state--compact">
          <Spinner size="md" label="Loading claims..." />
        </div>
      ) : claims.isError ? (
        <SectionError message={describeError(claims.error)} onRetry={() => void claims.refetch()} />
      ) : rows.length === 0 ? (
        <p className="card empty-state">
          No claims yet: a claim on one of your orders shows here as soon as it is filed.
        </p>
      ) : (
        <>
          <ScrollTable
            caption="Claims on your orders, newest first"
            className="partner-claims"
            boxClassName="card table-card"
          >
            <thead>
              <tr>
                <th scope="col">Claim</th>
                <th scope="col">Order</th>
                <th scope="col">Status</th>
                <th scope="col">Amount</th>
                <th scope="col">Deadline</th>
                <th scope="col">Filed</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((claim) => (
                <ClaimRow key={claim.id} claim={claim} onOpen={() => setOpen(claim)} />
              ))}
            </tbody>
          </ScrollTable>
          {claims.hasNextPage ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void claims.fetchNextPage()}
              disabled={claims.isFetchingNextPage}
            >
              {claims.isFetchingNextPage ? <Spinner label="Loading more claims" /> : 'Load more claims'}
            </button>
          ) : null}
        </>
      )}
      {open ? <ClaimDialog claim={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

/** The courier's deadline while it has the claim; otherwise when it was answered, decided or paid. */
function deadlineWords(claim: Claim): string {
  if (claim.status === 'with_courier' && claim.courierDeadline)
    return `Courier answers by ${formatDateTime(claim.courierDeadline)}`;
  if (claim.paidAt) return `Paid ${formatDate(claim.paidAt)}`;
  if (claim.awaitsStaff) return 'With Consign staff';
  if (claim.decidedAt) return `Decided ${formatDate(claim.decidedAt)}`;
  if (claim.respondedAt) return `Answered ${formatDate(claim.respondedAt)}`;
  return '—';
}

function ClaimRow({ claim, onOpen }: { claim: Claim; onOpen: () => void }) {
  const facts = CLAIM_STATUS_FACTS[claim.status];
  return (
    <tr>
      <th scope="row">
        <button
          type="button"
          className="link-button"
          onClick={onOpen}
          aria-label={`View claim ${claim.reference}`}
        >
          {claim.reference}
        </button>
        <br />
        <span className="muted">{CLAIM_KIND_LABELS[claim.kind]}</span>
      </th>
      <td>
        <a href="#orders" aria-label={`Order ${claim.orderReference}, in your orders`}>
          {claim.orderReference}
        </a>
      </td>
      <td>
        <span className={`status-badge status-badge--${facts.tone}`}>{facts.label}</span>
      </td>
      <td>
        {formatMoney(claim.amountClaimed.amount, claim.amountClaimed.currency)}
        {claim.amountAgreed ? (
          <>
            <br />
            <span className="muted">
              Agreed {formatMoney(claim.amountAgreed.amount, claim.amountAgreed.currency)}
            </span>
          </>
        ) : null}
      </td>
      <td>{deadlineWords(claim)}</td>
      <td>{formatDate(claim.createdAt)}</td>
    </tr>
  );
}

const place = (p: { postTown: string | null; postcodeDistrict: string }) =>
  p.postTown ? `${p.postTown} (${p.postcodeDistrict})` : p.postcodeDistrict;

/** One claim, read only, with its order (status, route, tracking). */
function ClaimDialog({ claim: row, onClose }: { claim: Claim; onClose: () => void }) {
  const { apiClient } = useAuth();
  const claim = useQuery({
    queryKey: partnerKeys.claim(row.id),
    queryFn: ({ signal }) => partnerApi.claim(apiClient, row.id, signal),
    initialData: row,
  });
  const order = useQuery({
    queryKey: partnerKeys.order(row.orderReference),
    queryFn: ({ signal }) => partnerApi.order(apiClient, row.orderReference, signal),
  });
  const c = claim.data;
  return (
    <Modal title={`${CLAIM_KIND_LABELS[c.kind]} claim ${c.reference}`} onClose={onClose} size="md">
      <div className="stack partner-claim">
        <section aria-labelledby="partner-claim-order" className="stack">
          <h3 id="partner-claim-order">Order {c.orderReference}</h3>
          {order.isPending ? (
            <Spinner label="Loading the order" />
          ) : order.isError ? (
            <SectionError message={describeError(order.error)} onRetry={() => void order.refetch()} />
          ) : (
            <dl className="meta-list">
              <dt>Status</dt>
              <dd>
                <StatusBadge status={order.data.status} />
              </dd>
              <dt>Route</dt>
              <dd>
                {place(order.data.origin)} → {place(order.data.destination)}
              </dd>
              <dt>Courier</dt>
              <dd>{order.data.courier.name}</dd>
              <dt>Price</dt>
              <dd>{formatMoney(order.data.totalPence, order.data.currency)}</dd>
              {order.data.trackingUrl ? (
                <>
                  <dt>Tracking</dt>
                  <dd>
                    <a href={order.data.trackingUrl}>Track order {c.orderReference}</a>
                  </dd>
                </>
              ) : null}
            </dl>
          )}
        </section>
        <section aria-labelledby="partner-claim-what" className="stack">
          <h3 id="partner-claim-what">What happened</h3>
          <p className="partner-claim__description">{c.description}</p>
          <p className="muted">
            Filed {formatDateTime(c.createdAt)}; the most it could ask for was{' '}
            {formatMoney(c.cap.amount, c.cap.currency)}.
          </p>
        </section>
        <ClaimCard claim={c} viewer="partner" />
      </div>
    </Modal>
  );
}
