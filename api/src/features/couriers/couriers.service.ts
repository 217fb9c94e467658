import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../context';
import { courierServices } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { vendorOf } from '../vendors';
import { type CourierDraft, checkCourier, withDefaults } from './couriers.rules';
import type { CreateCourierBodySchema, UpdateCourierBodySchema } from './couriers.schemas';

/** Keeps one vendor's list, and the in-memory catalogue, a sensible size. */
export const MAX_SERVICES_PER_VENDOR = 200;

type CourierRow = typeof courierServices.$inferSelect;
type CreateBody = z.infer<typeof CreateCourierBodySchema>;
type UpdateBody = z.infer<typeof UpdateCourierBodySchema>;

const NOT_FOUND = 'Courier service not found';

export function toCourierDto(s: CourierRow) {
  return {
    id: s.id,
    vendorId: s.vendorId,
    name: s.name,
    logoUrl: s.logoUrl,
    serviceType: s.serviceType,
    currency: s.currency,
    fromLocation: s.fromLocation,
    toLocation: s.toLocation,
    weightTiers: s.weightTiers,
    maxLengthCm: s.maxLengthCm,
    maxWidthCm: s.maxWidthCm,
    maxHeightCm: s.maxHeightCm,
    maxWeightKg: s.maxWeightKg,
    volumetricDivisor: s.volumetricDivisor,
    transitDays: s.transitDays,
    sameDay: s.sameDay,
    handover: s.handover,
    labelMode: s.labelMode,
    status: s.status,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

function draftOf(s: CourierRow): CourierDraft {
  return {
    name: s.name,
    serviceType: s.serviceType,
    currency: s.currency,
    logoUrl: s.logoUrl,
    fromLocation: s.fromLocation,
    toLocation: s.toLocation,
    weightTiers: s.weightTiers,
    maxLengthCm: s.maxLengthCm,
    maxWidthCm: s.maxWidthCm,
    maxHeightCm: s.maxHeightCm,
    maxWeightKg: s.maxWeightKg,
    volumetricDivisor: s.volumetricDivisor,
    transitDays: s.transitDays,
    sameDay: s.sameDay,
    handover: s.handover,
    labelMode: s.labelMode,
    status: s.status,
  };
}

function valid(draft: CourierDraft): CourierDraft {
  const { value, errors } = checkCourier(draft);
  if (errors.length) {
    throw AppError.validation(
      errors,
      `Invalid ${[...new Set(errors.map((e) => e.path.split('.')[0]))].join(', ')}`,
    );
  }
  return value;
}

/**
 * A vendor's courier services. Every query is scoped to the caller's vendor, so another
 * vendor's service is simply not found. Every write bumps the catalogue version in its
 * transaction and then drops this process's cached catalogue.
 */
export class CouriersService {
  constructor(private readonly deps: AppDeps) {}

  private get db() {
    return this.deps.db;
  }

  async list(ownerId: string) {
    const vendor = await vendorOf(this.deps, ownerId);
    const rows = await this.db.query.courierServices.findMany({
      where: eq(courierServices.vendorId, vendor.id),
      orderBy: [desc(courierServices.createdAt), desc(courierServices.id)],
    });
    return { items: rows.map(toCourierDto) };
  }

  async get(ownerId: string, id: string) {
    const vendor = await vendorOf(this.deps, ownerId);
    const row = await this.db.query.courierServices.findFirst({
      where: and(eq(courierServices.id, id), eq(courierServices.vendorId, vendor.id)),
    });
    if (!row) throw AppError.notFound(NOT_FOUND);
    return toCourierDto(row);
  }

  async create(ownerId: string, body: CreateBody) {
    const vendor = await vendorOf(this.deps, ownerId);
    const draft = valid(withDefaults(body));
    const now = this.deps.now();
    const row = await this.deps.catalog.write(async (tx) => {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(courierServices)
        .where(eq(courierServices.vendorId, vendor.id));
      if (n >= MAX_SERVICES_PER_VENDOR) {
        throw AppError.conflict(
          `A vendor may have at most ${MAX_SERVICES_PER_VENDOR} courier services; delete one first`,
          'too_many_services',
        );
      }
      const [inserted] = await tx
        .insert(courierServices)
        .values({ ...draft, vendorId: vendor.id, createdAt: now, updatedAt: now })
        .returning();
      return inserted!;
    });
    return toCourierDto(row);
  }

  /** Partial, but the merged result must be a valid service; read and write in one transaction. */
  async update(ownerId: string, id: string, patch: UpdateBody) {
    const vendor = await vendorOf(this.deps, ownerId);
    const changes = Object.fromEntries(
      Object.entries(patch).filter(([, v]) => v !== undefined),
    ) as Partial<CourierDraft>;
    const row = await this.deps.catalog.write(async (tx) => {
      const scope = and(eq(courierServices.id, id), eq(courierServices.vendorId, vendor.id));
      const current = await tx.query.courierServices.findFirst({ where: scope });
      if (!current) throw AppError.notFound(NOT_FOUND);
      if (Object.keys(changes).length === 0) return current;
      const draft = valid({ ...draftOf(current), ...changes });
      const [updated] = await tx
        .update(courierServices)
        .set({ ...draft, updatedAt: this.deps.now() })
        .where(scope)
        .returning();
      return updated!;
    });
    return toCourierDto(row);
  }

  async remove(ownerId: string, id: string) {
    const vendor = await vendorOf(this.deps, ownerId);
    await this.deps.catalog.write(async (tx) => {
      const deleted = await tx
        .delete(courierServices)
        .where(and(eq(courierServices.id, id), eq(courierServices.vendorId, vendor.id)))
        .returning({ id: courierServices.id });
      if (deleted.length === 0) throw AppError.notFound(NOT_FOUND);
    });
  }
}
