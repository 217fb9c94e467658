import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';
import { JobIcon } from './JobIcon';

// Each page loads on first use: the console's first load stays small (see size-limit in package.json).
const JobList = lazy(() => import('./JobList').then((m) => ({ default: m.JobList })));
const JobShow = lazy(() => import('./JobShow').then((m) => ({ default: m.JobShow })));

/** Customers' jobs (asking-price requests): read, and refund with a reason. */
const jobsResource = {
  list: JobList,
  show: JobShow,
  icon: JobIcon,
} satisfies Omit<ResourceProps, 'name'>;

export default jobsResource;
