import type { components } from '@consign/api/client';
import { money } from '../../format';

/** A partner as GET /api/v1/admin/partners/{id} returns it, from the generated schema. */
export type Partner = components['schemas']['Partner'];

export const PARTNER_STATUS_CHOICES = [
  { id: 'active', name: 'Active' },
  { id: 'disabled', name: 'Disabled' },
];

export const PARTNER_MODE_CHOICES = [
  { id: 'test', name: 'Test (pk_test_, TEST MODE payments)' },
  { id: 'live', name: 'Live (pk_live_)' },
];

export const formatRevenue = (revenue: Partner['revenue']) =>
  revenue.length === 0 ? '—' : revenue.map((r) => money(r.amount, r.currency)).join(', ');
