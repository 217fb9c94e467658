import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';
import { OrderIcon } from './OrderIcon';
import type { AdminOrderRow } from './shared';

// Each page loads on first use: the console's first load stays small (see size-limit in package.json).
const OrderList = lazy(() => import('./OrderList').then((m) => ({ default: m.OrderList })));
const OrderShow = lazy(() => import('./OrderShow').then((m) => ({ default: m.OrderShow })));

/** Orders: staff follow any order and change its status or refund it, with a reason. */
const ordersResource = {
  list: OrderList,
  show: OrderShow,
  icon: OrderIcon,
  recordRepresentation: (order: AdminOrderRow) => order.reference,
} satisfies Omit<ResourceProps, 'name'>;

export default ordersResource;
