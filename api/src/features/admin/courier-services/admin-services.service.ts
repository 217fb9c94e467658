import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../../context';
import { courierServices } from '../../../db/schema';
import { recordAudit } from '../../../lib/audit';
import { AppError } from '../../../lib/errors';
import type { AccessClaims } from '../../../lib/jwt';
import { idsIn, listPage, type RaList } from '../../../lib/ra-list';
import { containsText } from '../../../lib/sql';
import { toCourierDto } from '../../couriers';
import type { AdminServiceListQuerySchema, SERVICE_SORT_FIELDS } from './admin-services.schemas';

type ServiceFilter = NonNullable<z.infer<typeof AdminServiceListQuerySchema>['filter']>;

const SERVICE_SORT = {
  createdAt: courierServices.createdAt,
  name: courierServices.name,
  status: courierServices.status,
  serviceType: courierServices.serviceType,
  id: courierServices.id,
} satisfies Record<(typeof SERVICE_SORT_FIELDS)[number], unknown>;

/** Staff's view of every vendor's courier services. */
export class AdminServicesService {
  constructor(private readonly deps: AppDeps) {}

  async listServices(list: RaList<(typeof SERVICE_SORT_FIELDS)[number], ServiceFilter>) {
    const { db } = this.deps;
    const f = list.filter ?? {};
    const { rows, total } = await listPage(db, list, {
      rows: db.select().from(courierServices).$dynamic(),
      count: db.select({ total: count() }).from(courierServices).$dynamic(),
      where: [
        f.q && containsText(courierServices.name, f.q),
        f.status && eq(courierServices.status, f.status),
        f.serviceType && eq(courierServices.serviceType, f.serviceType),
        f.vendorId && eq(courierServices.vendorId, f.vendorId),
        idsIn(courierServices.id, f.id),
      ],
      sort: SERVICE_SORT,
      tieBreaker: courierServices.id,
    });
    return { rows: rows.map(toCourierDto), total };
  }

  async getService(id: string) {
    const row = await this.deps.db.query.courierServices.findFirst({ where: eq(courierServices.id, id) });
    if (!row) throw AppError.notFound('Courier service not found');
    return toCourierDto(row);
  }

  /**
   * Takes a service out of quotes at once (the vendor may turn it on again; staff suspend the
   * vendor to stop that). Status, audit row and catalogue version commit together.
   */
  async deactivateService(actor: AccessClaims, id: string, reason: string) {
    const now = this.deps.now();
    const before = await this.deps.catalog.write(async (tx) => {
      const [current] = await tx.select().from(courierServices).where(eq(courierServices.id, id));
      if (!current || current.status === 'inactive') return current ?? null;
      await tx
        .update(courierServices)
        .set({ status: 'inactive', updatedAt: now })
        .where(eq(courierServices.id, id));
      await recordAudit(
        tx,
        actor,
        {
          action: 'service.deactivate',
          entityType: 'courier_service',
          entityId: id,
          before: { status: 'active' },
          after: { status: 'inactive' },
          reason,
        },
        now,
      );
      return current;
    });
    if (!before) throw AppError.notFound('Courier service not found');
    if (before.status === 'inactive') {
      throw AppError.conflict('The courier service is already inactive', 'service_status_unchanged');
    }
    return this.getService(id);
  }
}
