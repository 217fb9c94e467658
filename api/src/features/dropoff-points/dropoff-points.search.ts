/**
 * The customer's side: the nearest points of a service to a postcode (the booking form's picker),
 * the check a booking and a label make of the chosen point, and the point as an order shows it.
 */
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { courierServices, dropoffPointServices, dropoffPoints, users, vendors } from '../../db/schema';
import { type Handover, needsDropOffPoint, takesDropOff } from '../../domain/handover';
import { ukToday } from '../../domain/uk-days';
import { AppError, type FieldError } from '../../lib/errors';
import { haversineMiles, roundMiles } from '../../providers/distance/geo';
import { vendorNameOf } from '../couriers';
import { dropOffProblem, heaviestParcelKg } from './dropoff-points.rules';
import { addressOf, readPoint } from './dropoff-points.store';
import { hoursOn } from './hours';
import { locatePostcode } from './locate';

export type DropOffSearch = {
  postcode: string;
  serviceId: string;
  date?: string | undefined;
  weightKg?: number | undefined;
  limit: number;
};

async function bookableService(db: Database, serviceId: string) {
  const [row] = await db
    .select({
      id: courierServices.id,
      name: courierServices.name,
      handover: courierServices.handover,
      status: courierServices.status,
      vendorStatus: vendors.status,
      shopName: vendors.shopName,
      ownerName: users.name,
    })
    .from(courierServices)
    .innerJoin(vendors, eq(vendors.id, courierServices.vendorId))
    .innerJoin(users, eq(users.id, vendors.ownerId))
    .where(eq(courierServices.id, serviceId));
  return row?.status === 'active' && row.vendorStatus === 'active' ? row : null;
}

export async function searchDropOffPoints(deps: AppDeps, search: DropOffSearch) {
  const { db } = deps;
  const today = ukToday(deps.now());
  const date = search.date ?? today;
  const errors: FieldError[] = [];
  const service = await bookableService(db, search.serviceId);
  if (!service) {
    errors.push({ path: 'serviceId', message: 'No courier service that can be booked has this id' });
  } else if (!takesDropOff(service.handover)) {
    errors.push({
      path: 'serviceId',
      message: `${service.name} collects from the door; it has no drop-off points`,
    });
  }
  if (date < today) errors.push({ path: 'date', message: 'Date cannot be before today (UK time)' });
  if (errors.length || !service) throw AppError.validation(errors);

  const origin = await locatePostcode(db, search.postcode);
  if (!origin)
    throw AppError.validation([{ path: 'postcode', message: 'Enter a valid UK postcode, such as SW1A 1AA' }]);

  const rows = await db
    .select({ point: dropoffPoints })
    .from(dropoffPointServices)
    .innerJoin(dropoffPoints, eq(dropoffPoints.id, dropoffPointServices.pointId))
    .where(and(eq(dropoffPointServices.serviceId, service.id), eq(dropoffPoints.status, 'active')));

  const vendorName = vendorNameOf(service.shopName, service.ownerName);
  const items = rows
    .map(({ point }) => {
      const hoursOnDate = hoursOn(point, date);
      const takesWeight = search.weightKg === undefined ? null : search.weightKg <= point.maxWeightKg;
      const problem = dropOffProblem(
        { ...point, serviceIds: [service.id] },
        { serviceId: service.id, serviceName: service.name, date, heaviestKg: search.weightKg ?? 0 },
      );
      return {
        id: point.id,
        name: point.name,
        vendorName,
        address: addressOf(point),
        distanceMiles: roundMiles(haversineMiles(origin, point)),
        hoursOnDate,
        openingHours: point.hours,
        maxWeightKg: point.maxWeightKg,
        takesWeight,
        available: problem === null,
        unavailableReason: problem,
      };
    })
    .sort(
      (a, b) => a.distanceMiles - b.distanceMiles || a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
    )
    .slice(0, search.limit);
  return { postcode: search.postcode, date, centroid: origin.centroid, items };
}

export type ServiceHandover = { id: string; name: string; handover: Handover };

/**
 * The booking's and the label's check of the drop-off point: required for a drop-off-only
 * service, refused for a collected one, else it must exist, take the service, be open on the
 * date and take the heaviest parcel. Errors name `dropOffPointId`.
 */
export async function dropOffPointErrors(
  db: Database,
  pointId: string | null | undefined,
  wanted: { service: ServiceHandover; date: string; parcels: readonly { weight: number }[] },
): Promise<FieldError[]> {
  const path = 'dropOffPointId';
  const { service } = wanted;
  if (!pointId) {
    return needsDropOffPoint(service.handover)
      ? [{ path, message: `Choose a drop-off point: ${service.name} takes parcels at drop-off points only` }]
      : [];
  }
  if (!takesDropOff(service.handover)) {
    return [{ path, message: `${service.name} collects from the door; leave the drop-off point out` }];
  }
  const problem = dropOffProblem(await readPoint(db, pointId), {
    serviceId: service.id,
    serviceName: service.name,
    date: wanted.date,
    heaviestKg: heaviestParcelKg(wanted.parcels),
  });
  return problem ? [{ path, message: problem }] : [];
}

/**
 * The point as an order shows it (confirmation, order page, tracking page, emails, label): its
 * address, its week, its hours on the order's date and, when it can no longer take the parcel,
 * why. Null when the order has no point or the point is gone.
 */
export async function dropOffPointOfOrder(
  db: Database,
  order: {
    dropOffPointId: string | null;
    courierServiceId: string;
    serviceName: string;
    collectionDate: string;
    parcels: readonly { weight: number }[];
  },
) {
  if (!order.dropOffPointId) return null;
  const point = await readPoint(db, order.dropOffPointId);
  if (!point) return null;
  return {
    id: point.id,
    name: point.name,
    address: addressOf(point),
    openingHours: point.hours,
    hoursOnDate: hoursOn(point, order.collectionDate),
    status: point.status,
    problem: dropOffProblem(point, {
      serviceId: order.courierServiceId,
      serviceName: order.serviceName,
      date: order.collectionDate,
      heaviestKg: heaviestParcelKg(order.parcels),
    }),
  };
}

export type OrderDropOffPoint = NonNullable<Awaited<ReturnType<typeof dropOffPointOfOrder>>>;
