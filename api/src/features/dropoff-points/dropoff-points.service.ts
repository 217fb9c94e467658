/**
 * A courier's drop-off points: the vendor's list, form and CSV import. Every query is scoped to
 * the caller's vendor, so another courier's point is simply not found. A change that turns away
 * orders already booked there tells their customers (dropoff-points.recheck.ts).
 */
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { AppDeps } from '../../context';
import type { Tx } from '../../db/client';
import { type ClosedDate, courierServices, dropoffPointServices, dropoffPoints } from '../../db/schema';
import { takesDropOff } from '../../domain/handover';
import { AppError, type FieldError } from '../../lib/errors';
import type { LatLon } from '../../providers/distance';
import { vendorOf } from '../vendors';
import { columnOf, parsePointsCsv, rowToBody } from './dropoff-points.csv';
import { changePointTellingOrders } from './dropoff-points.recheck';
import {
  type CreateDropOffPointBody,
  CreateDropOffPointBodySchema,
  MAX_POINTS_PER_VENDOR,
  type UpdateDropOffPointBody,
} from './dropoff-points.schemas';
import { type PointRow, type PointWithServices, toPointDto, withServices } from './dropoff-points.store';
import { fullWeek, hoursProblems } from './hours';
import { locatePostcode } from './locate';

const NOT_FOUND = 'Drop-off point not found';

/** A point as the form or a CSV row describes it, checked and ready to store. */
export type PointDraft = {
  code: string | undefined;
  name: string;
  line1: string;
  line2: string | null;
  town: string;
  postcode: string;
  hours: PointRow['hours'];
  closedDates: ClosedDate[];
  maxWeightKg: number;
  serviceIds: string[];
};

export type VendorServices = Map<string, { name: string; handover: string }>;

export async function servicesOfVendor(db: AppDeps['db'] | Tx, vendorId: string): Promise<VendorServices> {
  const rows = await db
    .select({ id: courierServices.id, name: courierServices.name, handover: courierServices.handover })
    .from(courierServices)
    .where(eq(courierServices.vendorId, vendorId));
  return new Map(rows.map((r) => [r.id, { name: r.name, handover: r.handover }]));
}

export function draftFromBody(body: CreateDropOffPointBody): PointDraft {
  return {
    code: body.code,
    name: body.name,
    line1: body.address.line1,
    line2: body.address.line2 || null,
    town: body.address.town,
    postcode: body.address.postcode,
    hours: fullWeek(body.openingHours),
    closedDates: normaliseClosedDates(body.closedDates ?? []),
    maxWeightKg: body.maxWeightKg,
    serviceIds: [...new Set(body.serviceIds)],
  };
}

function normaliseClosedDates(dates: readonly ClosedDate[]): ClosedDate[] {
  const byDate = new Map<string, ClosedDate>();
  for (const d of dates) byDate.set(d.date, d.reason ? { date: d.date, reason: d.reason } : { date: d.date });
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** What no single field can check: the hours as a week, and the services as the vendor's own. */
export function draftProblems(draft: PointDraft, services: VendorServices): FieldError[] {
  const errors: FieldError[] = hoursProblems(draft.hours).map((p) => ({
    path: p.path ? `openingHours.${p.path}` : 'openingHours',
    message: p.message,
  }));
  draft.serviceIds.forEach((id, i) => {
    const service = services.get(id);
    if (!service) {
      errors.push({ path: `serviceIds.${i}`, message: `No courier service of yours has the id ${id}` });
    } else if (!takesDropOff(service.handover as 'collection')) {
      errors.push({
        path: `serviceIds.${i}`,
        message: `${service.name} is collected from the door only; set its handover to drop_off or both first`,
      });
    }
  });
  return errors;
}

function refuse(errors: FieldError[]): never {
  throw AppError.validation(
    errors,
    `Invalid ${[...new Set(errors.map((e) => e.path.split('.')[0]))].join(', ')}`,
  );
}

/** The draft's postcode's centroid; read before the write transaction, which must await only itself. */
export async function placeOf(db: AppDeps['db'], postcode: string): Promise<LatLon> {
  const located = await locatePostcode(db, postcode);
  if (!located) throw new Error(`postcode ${postcode} passed validation but has no centroid`);
  return { lat: located.lat, lon: located.lon };
}

/**
 * Writes a checked draft: the point row (new, or replacing `existing`) and its service links.
 * `at` is the postcode's centroid (placeOf); null keeps the existing point's.
 */
export async function storeDraft(
  tx: Tx,
  now: Date,
  vendorId: string,
  draft: PointDraft,
  existing: PointRow | null,
  at: LatLon | null,
): Promise<string> {
  const located = at ?? (existing ? { lat: existing.lat, lon: existing.lon } : null);
  if (!located) throw new Error('a new drop-off point needs its centroid');
  const values = {
    name: draft.name,
    line1: draft.line1,
    line2: draft.line2,
    town: draft.town,
    postcode: draft.postcode,
    lat: located.lat,
    lon: located.lon,
    hours: draft.hours,
    closedDates: draft.closedDates,
    maxWeightKg: draft.maxWeightKg,
    updatedAt: now,
  };
  let id: string;
  if (existing) {
    id = existing.id;
    await tx
      .update(dropoffPoints)
      .set({
        ...values,
        ...(draft.code ? { code: draft.code } : {}),
        // A closed point whose code comes back in an import opens again; a suspended one stays so.
        ...(existing.status === 'closed' ? { status: 'active' as const, closedAt: null } : {}),
      })
      .where(eq(dropoffPoints.id, id));
    await tx.delete(dropoffPointServices).where(eq(dropoffPointServices.pointId, id));
  } else {
    id = uuidv7();
    await tx.insert(dropoffPoints).values({
      ...values,
      id,
      vendorId,
      code: draft.code ?? id.slice(-8).toUpperCase(),
      status: 'active',
      createdAt: now,
    });
  }
  if (draft.serviceIds.length > 0) {
    await tx
      .insert(dropoffPointServices)
      .values(draft.serviceIds.map((serviceId) => ({ pointId: id, serviceId })));
  }
  return id;
}

async function codeTaken(tx: Tx, vendorId: string, code: string, except?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: dropoffPoints.id })
    .from(dropoffPoints)
    .where(
      and(
        eq(dropoffPoints.vendorId, vendorId),
        eq(dropoffPoints.code, code),
        except ? ne(dropoffPoints.id, except) : undefined,
      ),
    );
  return Boolean(row);
}

export class DropOffPointsService {
  constructor(private readonly deps: AppDeps) {}

  private get db() {
    return this.deps.db;
  }

  async list(ownerId: string) {
    const vendor = await vendorOf(this.deps, ownerId);
    const rows = await this.db
      .select()
      .from(dropoffPoints)
      .where(and(eq(dropoffPoints.vendorId, vendor.id), ne(dropoffPoints.status, 'closed')))
      .orderBy(asc(dropoffPoints.name), asc(dropoffPoints.id));
    return { items: (await withServices(this.db, rows)).map(toPointDto) };
  }

  async get(ownerId: string, id: string) {
    const vendor = await vendorOf(this.deps, ownerId);
    return toPointDto(await this.#own(this.db, vendor.id, id));
  }

  async #own(db: AppDeps['db'] | Tx, vendorId: string, id: string): Promise<PointWithServices> {
    const row = await db.query.dropoffPoints.findFirst({
      where: and(
        eq(dropoffPoints.id, id),
        eq(dropoffPoints.vendorId, vendorId),
        ne(dropoffPoints.status, 'closed'),
      ),
    });
    if (!row) throw AppError.notFound(NOT_FOUND);
    const [point] = await withServices(db, [row]);
    return point as PointWithServices;
  }

  async create(ownerId: string, body: CreateDropOffPointBody) {
    const vendor = await vendorOf(this.deps, ownerId);
    const draft = draftFromBody(body);
    const at = await placeOf(this.db, draft.postcode);
    const id = await this.db.transaction(
      async (tx) => {
        const errors = draftProblems(draft, await servicesOfVendor(tx, vendor.id));
        if (draft.code && (await codeTaken(tx, vendor.id, draft.code))) {
          errors.push({ path: 'code', message: `Another of your points has the code ${draft.code}` });
        }
        if (errors.length) refuse(errors);
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(dropoffPoints)
          .where(and(eq(dropoffPoints.vendorId, vendor.id), ne(dropoffPoints.status, 'closed')));
        if (n >= MAX_POINTS_PER_VENDOR) {
          throw AppError.conflict(
            `A courier may have at most ${MAX_POINTS_PER_VENDOR} drop-off points; close one first`,
            'too_many_points',
          );
        }
        return storeDraft(tx, this.deps.now(), vendor.id, draft, null, at);
      },
      { behavior: 'immediate' },
    );
    return this.get(ownerId, id);
  }

  /** Partial; the merged point must still be valid. Orders it now turns away are told. */
  async update(ownerId: string, id: string, patch: UpdateDropOffPointBody) {
    const vendor = await vendorOf(this.deps, ownerId);
    const at = patch.address ? await placeOf(this.db, patch.address.postcode) : null;
    await this.db.transaction(
      async (tx) => {
        const current = await this.#own(tx, vendor.id, id);
        const draft: PointDraft = {
          code: patch.code ?? current.code,
          name: patch.name ?? current.name,
          line1: patch.address?.line1 ?? current.line1,
          line2: patch.address ? patch.address.line2 || null : current.line2,
          town: patch.address?.town ?? current.town,
          postcode: patch.address?.postcode ?? current.postcode,
          hours: patch.openingHours ? fullWeek(patch.openingHours) : current.hours,
          closedDates: patch.closedDates ? normaliseClosedDates(patch.closedDates) : current.closedDates,
          maxWeightKg: patch.maxWeightKg ?? current.maxWeightKg,
          serviceIds: patch.serviceIds ? [...new Set(patch.serviceIds)] : current.serviceIds,
        };
        const errors = draftProblems(draft, await servicesOfVendor(tx, vendor.id));
        if (patch.code && (await codeTaken(tx, vendor.id, patch.code, id))) {
          errors.push({ path: 'code', message: `Another of your points has the code ${patch.code}` });
        }
        if (errors.length) refuse(errors);
        await changePointTellingOrders(tx, id, this.deps.now(), async () => {
          await storeDraft(tx, this.deps.now(), vendor.id, draft, current, at);
        });
      },
      { behavior: 'immediate' },
    );
    return this.get(ownerId, id);
  }

  /**
   * Closes the point: it leaves the courier's list and every search, and customers whose parcel
   * was to be dropped off there are asked to choose another. The row stays for those orders.
   */
  async close(ownerId: string, id: string) {
    const vendor = await vendorOf(this.deps, ownerId);
    const now = this.deps.now();
    await this.db.transaction(
      async (tx) => {
        await this.#own(tx, vendor.id, id);
        await changePointTellingOrders(tx, id, now, async () => {
          await tx
            .update(dropoffPoints)
            .set({ status: 'closed', closedAt: now, updatedAt: now })
            .where(eq(dropoffPoints.id, id));
        });
      },
      { behavior: 'immediate' },
    );
  }

  /**
   * Saves every row of a CSV file (docs/dropoff-points.md), or none: a row whose code the courier
   * already uses replaces that point. With `dryRun` everything is checked and written in a
   * transaction that is then rolled back, so the answer is exactly what saving would give.
   */
  async import(ownerId: string, text: string, dryRun: boolean) {
    const vendor = await vendorOf(this.deps, ownerId);
    const rows = parsePointsCsv(text);
    const services = await servicesOfVendor(this.db, vendor.id);
    const errors: FieldError[] = [];
    const drafts: PointDraft[] = [];
    const lines = new Map<string, number>();
    for (const row of rows) {
      const { body, errors: cellErrors } = rowToBody(row, services);
      errors.push(...cellErrors);
      const at = (path: string) => {
        const column = columnOf(path) ?? (path || 'row');
        return { path: `rows.${row.line}.${column}`, prefix: `Line ${row.line}, ${column}: ` };
      };
      const parsed = CreateDropOffPointBodySchema.safeParse(body);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const { path, prefix } = at(issue.path.join('.'));
          if (!errors.some((e) => e.path === path)) errors.push({ path, message: prefix + issue.message });
        }
        continue;
      }
      const draft = draftFromBody(parsed.data);
      for (const problem of draftProblems(draft, services)) {
        const { path, prefix } = at(problem.path);
        errors.push({ path, message: prefix + problem.message });
      }
      const code = draft.code as string;
      const first = lines.get(code);
      if (first !== undefined) {
        errors.push({
          path: `rows.${row.line}.code`,
          message: `Line ${row.line}, code: ${code} is already on line ${first}`,
        });
      }
      lines.set(code, row.line);
      drafts.push(draft);
    }
    if (errors.length)
      throw AppError.validation(errors, `${errors.length} problem(s) in the file; nothing was saved`);

    const places = new Map<string, LatLon>();
    for (const postcode of new Set(drafts.map((d) => d.postcode)))
      places.set(postcode, await placeOf(this.db, postcode));
    const now = this.deps.now();
    const rollback = Symbol('dry run');
    let result: {
      dryRun: boolean;
      created: number;
      updated: number;
      items: ReturnType<typeof toPointDto>[];
    } | null = null;
    try {
      await this.db.transaction(
        async (tx) => {
          const existing = await tx.select().from(dropoffPoints).where(eq(dropoffPoints.vendorId, vendor.id));
          const byCode = new Map(existing.map((p) => [p.code, p]));
          const ids: string[] = [];
          let created = 0;
          for (const draft of drafts) {
            const current = byCode.get(draft.code as string) ?? null;
            const at = places.get(draft.postcode) as LatLon;
            if (current) {
              await changePointTellingOrders(tx, current.id, now, async () => {
                await storeDraft(tx, now, vendor.id, draft, current, at);
              });
              ids.push(current.id);
            } else {
              ids.push(await storeDraft(tx, now, vendor.id, draft, null, at));
              created++;
            }
          }
          const [{ n } = { n: 0 }] = await tx
            .select({ n: count() })
            .from(dropoffPoints)
            .where(and(eq(dropoffPoints.vendorId, vendor.id), ne(dropoffPoints.status, 'closed')));
          if (n > MAX_POINTS_PER_VENDOR) {
            throw AppError.conflict(
              `A courier may have at most ${MAX_POINTS_PER_VENDOR} drop-off points; this file would make ${n}`,
              'too_many_points',
            );
          }
          const saved = await tx.select().from(dropoffPoints).where(inArray(dropoffPoints.id, ids));
          const order = new Map(ids.map((id, i) => [id, i]));
          saved.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
          result = {
            dryRun,
            created,
            updated: drafts.length - created,
            items: (await withServices(tx, saved)).map(toPointDto),
          };
          if (dryRun) throw rollback;
        },
        { behavior: 'immediate' },
      );
    } catch (err) {
      if (err !== rollback) throw err;
    }
    if (!result) throw new Error('import finished without a result');
    return result as NonNullable<typeof result>;
  }
}
