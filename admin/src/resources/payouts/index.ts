import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';
import { PayoutIcon } from './PayoutIcon';

// Each page loads on first use: the console's first load stays small (see size-limit in package.json).
const PayoutList = lazy(() => import('./PayoutList').then((m) => ({ default: m.PayoutList })));
const PayoutShow = lazy(() => import('./PayoutShow').then((m) => ({ default: m.PayoutShow })));

/** Payout batches: staff run them (or the schedule does) and follow each courier's item. */
const payouts = {
  list: PayoutList,
  show: PayoutShow,
  icon: PayoutIcon,
} satisfies Omit<ResourceProps, 'name'>;

export default payouts;
