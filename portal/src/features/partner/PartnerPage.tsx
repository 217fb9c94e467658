import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { describeError } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth';
import { RequireRole } from '../../shared/auth/RequireRole';
import { ClaimsSection } from './ClaimsSection';
import { OrdersSection } from './OrdersSection';
import { OverviewSection } from './OverviewSection';
import { PublishableKeySection } from './PublishableKeySection';
import { partnerApi, partnerKeys } from './partner.api';
import { ReturnsSection } from './ReturnsSection';
import { SecretKeysSection } from './SecretKeysSection';
import { SectionError } from './SectionState';
import { WebhooksSection } from './WebhooksSection';
import '../../shared/orders/orders.css';
import './partner.css';

const SECTIONS = [
  { id: 'overview', label: 'Overview' },
  { id: 'publishable-key', label: 'Publishable key' },
  { id: 'secret-keys', label: 'Secret keys' },
  { id: 'webhooks', label: 'Webhooks' },
  { id: 'orders', label: 'Orders' },
  { id: 'claims', label: 'Claims' },
  { id: 'returns', label: 'Returns' },
] as const;

/** The partner area: a partner shop's figures, keys, webhooks and orders, for its own people. */
export function PartnerPage() {
  usePageTitle('Partner area');
  return (
    <RequireRole roles={['partner']} what="the partner area">
      <PartnerArea />
    </RequireRole>
  );
}

/** Pages of the server, outside the portal: the guide (docs/partners.md) and the reference. */
const PARTNER_GUIDE = '/docs/partners';
const API_REFERENCE = '/docs/api#tag/partner';

function PartnerArea() {
  const { apiClient } = useAuth();
  const partner = useQuery({
    queryKey: partnerKeys.partner(),
    queryFn: ({ signal }) => partnerApi.partner(apiClient, signal),
  });

  return (
    <section className="container page dashboard partner">
      <nav className="dashboard__nav" aria-label="Partner area">
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.label}</a>
            </li>
          ))}
          <li>
            <a href={partner.data?.docsUrl ?? PARTNER_GUIDE}>Partner guide</a>
          </li>
          <li>
            <a href={API_REFERENCE}>API reference</a>
          </li>
        </ul>
      </nav>
      <div className="dashboard__main stack partner__main">
        <header className="page-header">
          <h1>{partner.data?.name ?? 'Partner area'}</h1>
          <p className="muted">
            Your widget's figures, your keys and webhooks, and the orders your shoppers booked. New here? Read
            the <a href={partner.data?.docsUrl ?? PARTNER_GUIDE}>partner guide</a>; every call is in the{' '}
            <a href={API_REFERENCE}>API reference</a>.
          </p>
        </header>
        {partner.isPending ? (
          <div className="page-state">
            <Spinner size="lg" label="Loading your partner account" />
          </div>
        ) : partner.isError ? (
          <SectionError message={describeError(partner.error)} onRetry={() => void partner.refetch()} />
        ) : (
          <>
            {partner.data.status !== 'active' ? (
              <p className="alert alert--error" role="status">
                Your partner account is disabled, so your widget shows no quotes. Please{' '}
                <a href="/contact">contact us</a>.
              </p>
            ) : null}
            <OverviewSection />
            <PublishableKeySection key={partner.data.allowedOrigins.join('\n')} partner={partner.data} />
            <SecretKeysSection />
            <WebhooksSection />
            <OrdersSection />
            <ClaimsSection />
            <ReturnsSection />
          </>
        )}
      </div>
    </section>
  );
}
