import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';
import { FinanceIcon } from './FinanceIcon';

// Loads on first use, with recharts after it (see size-limit in package.json).
const FinancePage = lazy(() => import('./FinancePage').then((m) => ({ default: m.FinancePage })));

/**
 * The Finance page, as a resource whose list is the page: react-admin then gives it a menu item
 * and the /finance route without a custom menu.
 */
const finance = { list: FinancePage, icon: FinanceIcon } satisfies Omit<ResourceProps, 'name'>;

export default finance;
