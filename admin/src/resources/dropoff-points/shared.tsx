import { formatOpenings, WEEKDAY_LABELS, WEEKDAYS } from '@consign/shared/handover';
import { msg } from '../../i18n/keys';
import type { DropOffPoint } from '../../types';

export const STATUS = [
  { id: 'active', name: msg('consign.dropoff.status.active') },
  { id: 'suspended', name: msg('consign.dropoff.status.suspended') },
  { id: 'closed', name: msg('consign.dropoff.status.closed') },
];

/** "2 The Mall, London, SW1A 2AA". */
export const pointAddress = (p: Pick<DropOffPoint, 'address'>) =>
  [p.address.line1, p.address.line2, p.address.town, p.address.postcode].filter(Boolean).join(', ');

/** The week, one line a day: "Monday: 09:00–17:30". */
export const weekLines = (p: Pick<DropOffPoint, 'openingHours'>) =>
  WEEKDAYS.map((day) => `${WEEKDAY_LABELS[day]}: ${formatOpenings(p.openingHours[day])}`);

/** "2026-12-25 (Christmas Day), 2026-12-26", or a dash. */
export const closedDatesLine = (p: Pick<DropOffPoint, 'closedDates'>) =>
  p.closedDates.map((d) => (d.reason ? `${d.date} (${d.reason})` : d.date)).join(', ') || '—';
