import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';
import type { AdminAdjustment } from '../../types';
import { AdjustmentIcon } from './AdjustmentIcon';

// Each page loads on first use: the console's first load stays small (see size-limit in package.json).
const AdjustmentList = lazy(() => import('./AdjustmentList').then((m) => ({ default: m.AdjustmentList })));
const AdjustmentShow = lazy(() => import('./AdjustmentShow').then((m) => ({ default: m.AdjustmentShow })));

/** Price adjustments: the queue of disputed ones, and staff's decision on each. */
const adjustmentsResource = {
  list: AdjustmentList,
  show: AdjustmentShow,
  icon: AdjustmentIcon,
  recordRepresentation: (adjustment: AdminAdjustment) => adjustment.reference,
} satisfies Omit<ResourceProps, 'name'>;

export default adjustmentsResource;
