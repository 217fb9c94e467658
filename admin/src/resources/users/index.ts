import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';
import type { AdminUser } from '../../types';
import { UserIcon } from './UserIcon';

// Each page loads on first use: the console's first load stays small (see size-limit in package.json).
const UserList = lazy(() => import('./UserList').then((m) => ({ default: m.UserList })));
const UserShow = lazy(() => import('./UserShow').then((m) => ({ default: m.UserShow })));

/** Users: staff search accounts and disable or re-enable them. No edit: people own their profiles. */
const users = {
  list: UserList,
  show: UserShow,
  icon: UserIcon,
  recordRepresentation: (user: AdminUser) => user.email,
} satisfies Omit<ResourceProps, 'name'>;

export default users;
