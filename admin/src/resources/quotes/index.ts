import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';
import { QuoteIcon } from './QuoteIcon';

// Each page loads on first use: the console's first load stays small (see size-limit in package.json).
const QuoteList = lazy(() => import('./QuoteList').then((m) => ({ default: m.QuoteList })));
const QuoteShow = lazy(() => import('./QuoteShow').then((m) => ({ default: m.QuoteShow })));

/** The quote log (read only); quotes per day are charted on the dashboard. */
const quotesResource = {
  list: QuoteList,
  show: QuoteShow,
  icon: QuoteIcon,
} satisfies Omit<ResourceProps, 'name'>;

export default quotesResource;
