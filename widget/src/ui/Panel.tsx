import type { KeyMode } from '../events';

export interface PanelProps {
  mode: KeyMode;
  /** The Consign origin, linked from the footer so visitors can see who provides the quotes. */
  consignOrigin: string;
}

/**
 * The widget's frame. It lives in a shadow root, so ids here cannot clash with the partner page.
 * The heading takes focus programmatically (`open`), hence tabIndex -1.
 */
export function Panel({ mode, consignOrigin }: PanelProps) {
  return (
    <section class="panel" aria-labelledby="consign-title">
      <header class="head">
        <h2 id="consign-title" class="title" tabIndex={-1}>
          Get a courier quote
        </h2>
        {mode === 'test' && (
          <span class="badge" title="Quotes and bookings made here are not real">
            Test mode
          </span>
        )}
      </header>
      <p class="body">Compare prices from UK couriers for your parcel. The quote form is coming soon.</p>
      <p class="foot">
        Quotes by{' '}
        <a href={consignOrigin} target="_blank" rel="noopener noreferrer">
          Consign
        </a>
      </p>
    </section>
  );
}
