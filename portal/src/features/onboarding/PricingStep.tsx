import { formatMoney } from '@consign/shared/money';
import { Spinner } from '../../components/Spinner';
import type { CourierService } from '../../shared/api/courier-services';
import { pricingSummary, routeLabel, SERVICE_TYPE_LABELS } from '../../shared/courier-services/describe';
import { useQuoteReferenceData } from '../../shared/quotes/referenceData';
import type { RateCard } from './onboardingForm';
import { RemovableList } from './RemovableList';
import type { StepProps } from './stepProps';

/** Where the services form opens from the wizard, and comes back to it. */
export const ADD_SERVICE_PATH = '/add-courier?from=onboarding';
export const editServicePath = (id: string) => `/edit-courier/${encodeURIComponent(id)}?from=onboarding`;

/** A rate card an earlier wizard saved: shown so the courier can copy it into a service, never quoted. */
export function describeRateCard(card: RateCard): string {
  const parts = [`${card.serviceType}: base ${formatMoney(card.basePrice)}`];
  if (card.perKmPrice != null) parts.push(`${formatMoney(card.perKmPrice)}/km`);
  if (card.perKgPrice != null) parts.push(`${formatMoney(card.perKgPrice)}/kg`);
  if (card.minPrice != null) parts.push(`min ${formatMoney(card.minPrice)}`);
  if (card.maxDistanceKm != null) parts.push(`up to ${card.maxDistanceKm} km`);
  return parts.join(', ');
}

/** The courier services query as the wizard holds it. */
export interface ServicesState {
  items: readonly CourierService[] | undefined;
  isError: boolean;
  retry: () => void;
}

/**
 * Step 4: the courier's prices are its courier services, made with the services page's own form
 * (opened from here and coming back here), so nothing is typed twice and what is typed is exactly
 * what customers are quoted once the business is active (docs/couriers.md).
 */
export function PricingStep({
  form,
  update,
  services,
  onOpen,
}: StepProps & { services: ServicesState; onOpen: (path: string) => void }) {
  const destinations = useQuoteReferenceData().data.internationalDestinations;
  const items = services.items;

  return (
    <div className="stack">
      <p className="muted">
        Customers are quoted from your courier services: each has a route and its prices by parcel weight. Add
        at least one active service. It is quoted once our team activates your business, and you can change it
        any time under My Rate Cards.
      </p>
      {items === undefined ? (
        services.isError ? (
          <div className="stack">
            <p role="alert">Could not load your courier services.</p>
            <div>
              <button type="button" className="button button--secondary" onClick={services.retry}>
                Try again
              </button>
            </div>
          </div>
        ) : (
          <Spinner label="Loading your courier services" />
        )
      ) : items.length === 0 ? (
        <p className="muted">No courier services yet. Add at least one.</p>
      ) : (
        <ul className="onboarding__list" aria-label="Your courier services">
          {items.map((s) => (
            <li key={s.id} className="onboarding__service">
              <div className="stack onboarding__service-text">
                <strong>{s.name}</strong>
                <span>
                  {SERVICE_TYPE_LABELS[s.serviceType]} · {routeLabel(s, destinations)}
                </span>
                <span>
                  {pricingSummary(s).join(', ')}
                  {s.sameDay
                    ? ` + ${formatMoney(s.sameDay.baseFee, s.currency)} and ${formatMoney(s.sameDay.perMile, s.currency)}/mile`
                    : ''}
                </span>
                <span className={s.status === 'active' ? undefined : 'onboarding__inactive'}>
                  {s.status === 'active' ? 'Active' : 'Inactive: not quoted'}
                </span>
              </div>
              <button
                type="button"
                className="link-button"
                aria-label={`Edit ${s.name}`}
                onClick={() => onOpen(editServicePath(s.id))}
              >
                Edit
              </button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <button type="button" className="button button--secondary" onClick={() => onOpen(ADD_SERVICE_PATH)}>
          {items && items.length > 0 ? 'Add another courier service' : 'Add a courier service'}
        </button>
      </div>
      {form.rateCards.length > 0 ? (
        <section className="onboarding__group" aria-labelledby="earlier-rate-cards">
          <h3 id="earlier-rate-cards" className="onboarding__subtitle">
            Rate cards from your earlier draft
          </h3>
          <p className="muted">
            These are not quoted. Add each as a courier service above, then remove it here.
          </p>
          <RemovableList
            label="Earlier rate cards"
            items={form.rateCards}
            render={describeRateCard}
            onRemove={(i) => update({ rateCards: form.rateCards.filter((_, j) => j !== i) })}
          />
        </section>
      ) : null}
    </div>
  );
}
