import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';
import type { CourierService } from '../../types';
import { ServiceIcon } from './ServiceIcon';

// Each page loads on first use: the console's first load stays small (see size-limit in package.json).
const ServiceList = lazy(() => import('./ServiceList').then((m) => ({ default: m.ServiceList })));
const ServiceShow = lazy(() => import('./ServiceShow').then((m) => ({ default: m.ServiceShow })));

/** Courier services of every vendor: read, and deactivate with a reason. */
const courierServicesResource = {
  list: ServiceList,
  show: ServiceShow,
  icon: ServiceIcon,
  recordRepresentation: (s: CourierService) => s.name,
} satisfies Omit<ResourceProps, 'name'>;

export default courierServicesResource;
