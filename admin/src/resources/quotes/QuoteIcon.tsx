import { MaterialIcon } from '../../icons';

/** Material's "Request quote" glyph, inline (see icons.tsx). */
export const QuoteIcon = () => (
  <MaterialIcon path="M14 2H6c-1.1 0-2 .9-2 2v16c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V8l-6-6zm1 11h-3v1h2c.55 0 1 .45 1 1v3c0 .55-.45 1-1 1h-1v1h-2v-1H9v-2h4v-1h-3c-.55 0-1-.45-1-1v-3c0-.55.45-1 1-1h1V8h2v1h2v2zm-2-5V3.5L17.5 8H13z" />
);
