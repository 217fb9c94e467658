import {
  HANDOVER_DESCRIPTIONS,
  HANDOVER_LABELS,
  LABEL_MODE_DESCRIPTIONS,
  LABEL_MODE_LABELS,
} from '@consign/shared/handover';
import { formatMoney } from '@consign/shared/money';
import { memo, useId } from 'react';
import { Link } from 'react-router';
import { formatKg, formatLongDate } from '../../lib/format';
import type { Parcel, QuoteOption } from '../../shared/api/quotes';
import { CourierLogo } from '../../shared/components/CourierLogo';
import { OnTimeLine, RatingLine, RecordLine } from '../../shared/quotes/Scores';
import { billingExplanation, transitLabel } from './format';
import { Popover } from './Popover';

interface QuoteOptionCardProps {
  option: QuoteOption;
  parcels: readonly Parcel[];
  onBook: (option: QuoteOption) => void;
}

/** Memoised: the results page reveals its cards in steps, and a card drawn once is not drawn again. */
export const QuoteOptionCard = memo(function QuoteOptionCard({
  option,
  parcels,
  onBook,
}: QuoteOptionCardProps) {
  const nameId = useId();
  const { price, courierService: service } = option;
  const sameDay = option.serviceType === 'same_day';
  const vatText =
    price.vat > 0
      ? `incl. ${formatMoney(price.vat, price.currency)} VAT`
      : option.serviceType === 'international'
        ? 'No VAT (export)'
        : 'No VAT';

  return (
    <article className="card quote-card" aria-labelledby={nameId} data-testid="quote-card">
      <div className="quote-card__courier">
        <CourierLogo url={service.logoUrl} />
        <div className="quote-card__identity">
          <h3 id={nameId} className="quote-card__name">
            {service.name}
          </h3>
          <p className="quote-card__vendor muted">by {option.vendor.name}</p>
          <RatingLine rating={option.rating} />
          <OnTimeLine onTime={option.onTime} />
          <RecordLine record={option.record} />
          <p className="quote-card__profile">
            <Link to={`/couriers/${option.vendor.id}`}>
              Courier profile and reviews<span className="visually-hidden"> for {option.vendor.name}</span>
            </Link>
          </p>
          {option.badges.length > 0 ? (
            <ul className="quote-card__badges" aria-label="Highlights">
              {option.badges.map((badge) => (
                <li key={badge} className={`badge badge--${badge}`}>
                  {badge === 'cheapest' ? 'Cheapest' : 'Fastest'}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>

      <div className="quote-card__details">
        {sameDay ? (
          <p className="quote-card__dropoff">
            Collected from the door and driven straight to the recipient
            {option.distance
              ? // An estimate is straight-line distance times a road factor: say so in the wording.
                option.distance.source === 'estimate'
                ? ` (about ${Math.round(option.distance.miles)} miles)`
                : ` (${option.distance.miles} miles)`
              : ''}
            .
          </p>
        ) : (
          <p className="quote-card__dropoff">
            <strong>{HANDOVER_LABELS[option.handover]}.</strong> {HANDOVER_DESCRIPTIONS[option.handover]}
          </p>
        )}
        <div className="quote-card__popovers">
          <Popover
            title={LABEL_MODE_LABELS[option.labelMode]}
            trigger={
              <>
                <PrinterIcon /> {LABEL_MODE_LABELS[option.labelMode]}
              </>
            }
            triggerClassName="chip-button"
          >
            <p>{LABEL_MODE_DESCRIPTIONS[option.labelMode]}</p>
          </Popover>
          <Popover
            title={`About ${service.name}`}
            trigger={<InfoIcon />}
            triggerLabel={`About ${service.name}`}
            triggerClassName="icon-button quote-card__info"
          >
            <CourierInfo option={option} />
          </Popover>
        </div>
        <dl className="quote-card__facts">
          <div>
            <dt>Estimated delivery</dt>
            <dd>
              <time dateTime={option.estimatedDelivery}>{formatLongDate(option.estimatedDelivery)}</time>
              <span className="quote-card__transit">
                {transitLabel(option.transitDays, option.serviceType)}
              </span>
            </dd>
          </div>
          <div>
            <dt>Chargeable weight</dt>
            <dd>
              {formatKg(option.chargeableWeightKg)}
              <span className="quote-card__why">{billingExplanation(option, parcels)}</span>
            </dd>
          </div>
        </dl>
      </div>

      <div className="quote-card__buy">
        <p className="quote-card__price">
          <span className="visually-hidden">Price </span>
          <span data-testid="quote-price">{formatMoney(price.total, price.currency)}</span>
        </p>
        <p className="quote-card__vat muted">{vatText}</p>
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => onBook(option)}
          aria-describedby={nameId}
        >
          Book Now
        </button>
      </div>
    </article>
  );
});

function CourierInfo({ option }: { option: QuoteOption }) {
  const { limits } = option;
  const size =
    limits.maxLengthCm && limits.maxWidthCm && limits.maxHeightCm
      ? `${limits.maxLengthCm} × ${limits.maxWidthCm} × ${limits.maxHeightCm} cm`
      : null;
  const sameDay = option.serviceType === 'same_day';
  return (
    <ul className="popover__list">
      {sameDay ? (
        <li>Collected from your address and delivered the same day.</li>
      ) : (
        <li>
          {HANDOVER_LABELS[option.handover]}: {HANDOVER_DESCRIPTIONS[option.handover]}
        </li>
      )}
      <li>
        {LABEL_MODE_LABELS[option.labelMode]}: {LABEL_MODE_DESCRIPTIONS[option.labelMode]}
      </li>
      <li>
        {limits.maxWeightKg ? `Maximum item weight ${limits.maxWeightKg}kg.` : 'No maximum item weight.'}
      </li>
      {size ? <li>Maximum item size {size}.</li> : null}
      {sameDay ? null : (
        <li>
          Delivered {option.transitDays === 1 ? '1 working day' : `${option.transitDays} working days`} after
          drop-off.
        </li>
      )}
      <li>Tracking online.</li>
    </ul>
  );
}

function PrinterIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M7 9V3h10v6M7 17H4v-6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v6h-3M7 14h10v7H7z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function InfoIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
