/**
 * Whether a drop-off point can take a given parcel on a given day: the one rule the booking, the
 * label and the "point closed" mail apply, pure so each reads the same answer.
 */
import type { ClosedDate, DropoffPointStatus, WeeklyHours } from '../../db/schema';
import { formatPeopleDate } from '../../domain/uk-days';
import { hoursOn } from './hours';

export type PointFacts = {
  id: string;
  name: string;
  status: DropoffPointStatus;
  hours: WeeklyHours;
  closedDates: readonly ClosedDate[];
  maxWeightKg: number;
  serviceIds: readonly string[];
};

export type DropOffWanted = {
  serviceId: string;
  serviceName: string;
  /** The day the parcel is handed over: the order's collection date. */
  date: string;
  /** The heaviest parcel's own weight, kg: a counter limit is per parcel. */
  heaviestKg: number;
};

/** Why the point cannot take the parcel, as a sentence for the customer; null when it can. */
export function dropOffProblem(point: PointFacts | null, wanted: DropOffWanted): string | null {
  if (!point) return 'This drop-off point does not exist; choose one from the list';
  if (point.status === 'closed') return `${point.name} has closed; choose another drop-off point`;
  if (point.status === 'suspended') {
    return `${point.name} is not taking parcels at the moment; choose another drop-off point`;
  }
  if (!point.serviceIds.includes(wanted.serviceId)) {
    return `${point.name} does not take parcels for ${wanted.serviceName}; choose another drop-off point`;
  }
  const day = hoursOn(point, wanted.date);
  if (!day.open) {
    const why = day.closedReason && day.closedReason !== 'Closed' ? ` (${day.closedReason})` : '';
    return `${point.name} is closed on ${formatPeopleDate(wanted.date)}${why}; choose another drop-off point`;
  }
  if (wanted.heaviestKg > point.maxWeightKg) {
    return `${point.name} takes parcels up to ${point.maxWeightKg} kg; the heaviest parcel is ${wanted.heaviestKg} kg`;
  }
  return null;
}

/** The heaviest parcel's own weight (not the billed volumetric one: the counter weighs it). */
export function heaviestParcelKg(parcels: readonly { weight: number }[]): number {
  return parcels.reduce((max, p) => Math.max(max, p.weight), 0);
}
