import { useRecordContext } from 'react-admin';
import { dateTimeText, money, route, words } from '../../format';
import { useT } from '../../i18n/keys';
import type { CourierService, VendorDetail } from '../../types';

/** "insuranceProvider" or "insurance_provider" → "Insurance provider". */
export function humanise(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Labels the key alone does not spell well (steps, abbreviations, units). */
const LABELS: Record<string, string> = {
  company: 'Company',
  contact: 'Contact',
  services: 'Services and coverage',
  pricing: 'Pricing',
  compliance: 'Hours, insurance and documents',
  vatNumber: 'VAT number',
  companyType: 'Business type',
  coverageRadiusKm: 'Coverage radius',
  maxDistanceKm: 'Maximum distance',
  perKmPrice: 'Price per km',
  perKgPrice: 'Price per kg',
  minPrice: 'Minimum price',
  basePrice: 'Base price',
  coverageAmount: 'Coverage',
  documentsReady: 'Documents ready',
  rateCards: 'Rate cards',
};

/** The onboarding form's stated business types, as the vendor saw them. */
const COMPANY_TYPES: Record<string, string> = {
  'sole-proprietorship': 'Sole trader',
  partnership: 'Partnership',
  'limited-company': 'Limited company',
  corporation: 'Corporation',
  franchise: 'Franchise',
};

/** Amounts the onboarding form takes in pence. */
const PENCE = new Set(['basePrice', 'perKmPrice', 'perKgPrice', 'minPrice', 'coverageAmount']);
const KILOMETRES = new Set(['coverageRadiusKm', 'maxDistanceKm']);

/** One answer in words: money in pounds and pence, distances in km, codes as the form named them. */
export function answerText(key: string, value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (PENCE.has(key) && typeof value === 'number') return money(value);
  if (KILOMETRES.has(key) && typeof value === 'number') return `${value} km`;
  if (key === 'companyType' && typeof value === 'string') return COMPANY_TYPES[value] ?? humanise(value);
  if (key === 'documentsReady' && Array.isArray(value))
    return value.map((v) => humanise(String(v))).join(', ');
  if (isOpeningHours(value)) return value.open ? `${value.from}–${value.to}` : 'Closed';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return undefined;
}

function isOpeningHours(value: unknown): value is { open: boolean; from: string; to: string } {
  return typeof value === 'object' && value !== null && 'open' in value && 'from' in value && 'to' in value;
}

function Answer({ name, value }: { name: string; value: unknown }) {
  const text = answerText(name, value);
  if (text !== undefined) return <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>;
  if (Array.isArray(value)) {
    return (
      <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {value.map((item, index) => (
          // Answers are a fixed snapshot: their order is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index}>
            <Answer name={name} value={item} />
          </li>
        ))}
      </ul>
    );
  }
  return <Answers answers={value as Record<string, unknown>} />;
}

function Answers({ answers }: { answers: Record<string, unknown> }) {
  return (
    <dl style={{ margin: 0, display: 'grid', gap: '0.5rem' }}>
      {Object.entries(answers).map(([key, value]) => (
        <div key={key}>
          <dt style={{ fontWeight: 600 }}>{humanise(key)}</dt>
          <dd style={{ margin: 0 }}>
            <Answer name={key} value={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A service's prices as staff review them: every weight tier, and a same-day service's distance fee. */
export function tiersText(s: Pick<CourierService, 'weightTiers' | 'currency' | 'sameDay'>): string {
  const tiers = s.weightTiers.map((t) => `up to ${t.maxKg} kg ${money(t.price, s.currency)}`).join(', ');
  if (!s.sameDay) return tiers;
  return `${tiers}; plus ${money(s.sameDay.baseFee, s.currency)} and ${money(s.sameDay.perMile, s.currency)} a mile, at least ${money(s.sameDay.minimumFee, s.currency)}`;
}

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The vendor's onboarding answers (labelled sections, whatever their keys) and documents. */
export function VendorReview() {
  const vendor = useRecordContext<VendorDetail>();
  const translate = useT();
  if (!vendor) return null;
  const { onboarding, documents = [], services = [] } = vendor;
  return (
    <div style={{ display: 'grid', gap: '1rem' }}>
      <section aria-labelledby="vendor-onboarding">
        <h2 id="vendor-onboarding" style={{ fontSize: '1rem', margin: '0 0 0.5rem' }}>
          {translate('consign.vendors.sections.onboarding')}
        </h2>
        {onboarding ? (
          <>
            <p style={{ margin: '0 0 0.5rem' }}>
              {onboarding.status === 'submitted'
                ? translate('consign.vendors.onboarding_submitted', {
                    date: onboarding.submittedAt ? dateTimeText(onboarding.submittedAt) : '—',
                  })
                : translate('consign.vendors.onboarding_draft')}
            </p>
            <Answers answers={onboarding.answers} />
          </>
        ) : (
          <p style={{ margin: 0 }}>{translate('consign.vendors.no_onboarding')}</p>
        )}
      </section>
      <section aria-labelledby="vendor-documents">
        <h2 id="vendor-documents" style={{ fontSize: '1rem', margin: '0 0 0.5rem' }}>
          {translate('consign.vendors.sections.documents')}
        </h2>
        {documents.length === 0 ? (
          <p style={{ margin: 0 }}>{translate('consign.vendors.no_documents')}</p>
        ) : (
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {documents.map((doc) => (
              <li key={doc.id}>
                <a href={doc.url} target="_blank" rel="noopener noreferrer">
                  {doc.name}
                </a>{' '}
                ({doc.contentType}, {kb(doc.size)}, {dateTimeText(doc.uploadedAt)})
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="vendor-services">
        <h2 id="vendor-services" style={{ fontSize: '1rem', margin: '0 0 0.5rem' }}>
          {translate('consign.vendors.sections.services')}
        </h2>
        {services.length === 0 ? (
          <p style={{ margin: 0 }}>{translate('consign.vendors.no_services')}</p>
        ) : (
          <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
            {services.map((s) => (
              <li key={s.id}>
                <strong>{s.name}</strong> — {words(s.serviceType)}, {route(s)} ({words(s.status)}):{' '}
                {tiersText(s)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
