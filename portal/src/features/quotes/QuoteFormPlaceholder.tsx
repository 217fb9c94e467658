/**
 * Stands where the quote form will go (service type, route, parcels). It deliberately does
 * nothing: the quote issue replaces this component rather than wiring up a fake form.
 */
export function QuoteFormPlaceholder() {
  return (
    <div className="card quote-placeholder" aria-labelledby="quote-placeholder-title">
      <h2 id="quote-placeholder-title" className="quote-placeholder__title">
        Get a quote
      </h2>
      <p className="muted">
        Online quotes are being switched on. Soon you will enter your parcel’s size, weight and route here and
        compare prices from UK couriers side by side.
      </p>
      <ul className="quote-placeholder__types" aria-label="Services you will be able to compare">
        <li>
          <strong>Domestic</strong>
          <span>Anywhere in England, Scotland, Wales and Northern Ireland</span>
        </li>
        <li>
          <strong>International</strong>
          <span>From the United Kingdom to Europe and worldwide</span>
        </li>
        <li>
          <strong>Same Day</strong>
          <span>Collected and delivered the same day, priced by distance</span>
        </li>
      </ul>
    </div>
  );
}
