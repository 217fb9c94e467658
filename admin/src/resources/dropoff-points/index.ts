import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';
import type { DropOffPoint } from '../../types';
import { DropOffIcon } from './DropOffIcon';

// Each page loads on first use: the console's first load stays small (see size-limit in package.json).
const DropOffList = lazy(() => import('./DropOffList').then((m) => ({ default: m.DropOffList })));
const DropOffShow = lazy(() => import('./DropOffShow').then((m) => ({ default: m.DropOffShow })));

/** Every courier's drop-off points: read, suspend and reinstate with a reason. */
const dropOffPointsResource = {
  list: DropOffList,
  show: DropOffShow,
  icon: DropOffIcon,
  recordRepresentation: (p: DropOffPoint) => p.name,
} satisfies Omit<ResourceProps, 'name'>;

export default dropOffPointsResource;
