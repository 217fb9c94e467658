import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';
import type { AdminReview } from '../../types';
import { ReviewIcon } from './ReviewIcon';

// Each page loads on first use: the console's first load stays small (see size-limit in package.json).
const ReviewList = lazy(() => import('./ReviewList').then((m) => ({ default: m.ReviewList })));
const ReviewShow = lazy(() => import('./ReviewShow').then((m) => ({ default: m.ReviewShow })));

/** Customers' reviews of delivered orders: staff hide a comment that breaks the rules; the score stays. */
const reviewsResource = {
  list: ReviewList,
  show: ReviewShow,
  icon: ReviewIcon,
  recordRepresentation: (r: AdminReview) => `${r.rating}★ ${r.vendorName}`,
} satisfies Omit<ResourceProps, 'name'>;

export default reviewsResource;
