import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../context';
import { contactMessages, courierServices } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AccessClaims } from '../../lib/jwt';
import type { RaList } from '../../lib/ra-list';
import { containsText } from '../../lib/sql';
import { bumpCatalogVersion } from '../couriers/catalog';
import { toCourierDto } from '../couriers/couriers.service';
import type {
  AdminServiceListQuerySchema,
  ContactMessageListQuerySchema,
  MESSAGE_SORT_FIELDS,
  SERVICE_SORT_FIELDS,
} from './admin-catalog.schemas';
import { recordAudit } from './audit';

type ServiceFilter = NonNullable<z.infer<typeof AdminServiceListQuerySchema>['filter']>;
type MessageFilter = NonNullable<z.infer<typeof ContactMessageListQuerySchema>['filter']>;
type MessageRow = typeof contactMessages.$inferSelect;

const SERVICE_SORT = {
  createdAt: courierServices.createdAt,
  name: courierServices.name,
  status: courierServices.status,
  serviceType: courierServices.serviceType,
  id: courierServices.id,
} satisfies Record<(typeof SERVICE_SORT_FIELDS)[number], unknown>;

const MESSAGE_SORT = {
  createdAt: contactMessages.createdAt,
  handledAt: contactMessages.handledAt,
  id: contactMessages.id,
} satisfies Record<(typeof MESSAGE_SORT_FIELDS)[number], unknown>;

const ids = (id: string | string[]) => (Array.isArray(id) ? id : [id]);

function toMessageDto(m: MessageRow) {
  return {
    id: m.id,
    name: m.name,
    phone: m.phone,
    email: m.email,
    message: m.message,
    notifiedAt: m.notifiedAt?.toISOString() ?? null,
    handledAt: m.handledAt?.toISOString() ?? null,
    createdAt: m.createdAt.toISOString(),
  };
}

/** Staff's views of every vendor's courier services and of the contact form's messages. */
export class AdminCatalogService {
  constructor(private readonly deps: AppDeps) {}

  async listServices(list: RaList<(typeof SERVICE_SORT_FIELDS)[number], ServiceFilter>) {
    const { db } = this.deps;
    const f = list.filter ?? {};
    const conditions: SQL[] = [];
    if (f.q) conditions.push(containsText(courierServices.name, f.q));
    if (f.status) conditions.push(eq(courierServices.status, f.status));
    if (f.serviceType) conditions.push(eq(courierServices.serviceType, f.serviceType));
    if (f.vendorId) conditions.push(eq(courierServices.vendorId, f.vendorId));
    if (f.id !== undefined) conditions.push(inArray(courierServices.id, ids(f.id)));
    const where = conditions.length ? and(...conditions) : undefined;
    const sort = list.sort ?? { field: 'createdAt', order: 'desc' };
    const direction = sort.order === 'desc' ? desc : asc;
    const [rows, totals] = await db.batch([
      db
        .select()
        .from(courierServices)
        .where(where)
        .orderBy(direction(SERVICE_SORT[sort.field]), direction(courierServices.id))
        .limit(list.limit)
        .offset(list.offset),
      db.select({ total: count() }).from(courierServices).where(where),
    ]);
    return { rows: rows.map(toCourierDto), total: totals[0]?.total ?? 0 };
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
    const before = await this.deps.db.transaction(
      async (tx) => {
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
        await bumpCatalogVersion(tx);
        return current;
      },
      { behavior: 'immediate' },
    );
    if (!before) throw AppError.notFound('Courier service not found');
    if (before.status === 'inactive') {
      throw AppError.conflict('The courier service is already inactive', 'service_status_unchanged');
    }
    this.deps.catalog.invalidate();
    return this.getService(id);
  }

  async listMessages(list: RaList<(typeof MESSAGE_SORT_FIELDS)[number], MessageFilter>) {
    const { db } = this.deps;
    const f = list.filter ?? {};
    const conditions: SQL[] = [];
    if (f.handled !== undefined) {
      conditions.push(f.handled ? isNotNull(contactMessages.handledAt) : isNull(contactMessages.handledAt));
    }
    if (f.q) {
      conditions.push(
        or(
          containsText(contactMessages.name, f.q),
          containsText(contactMessages.email, f.q),
          containsText(contactMessages.message, f.q),
        )!,
      );
    }
    if (f.id !== undefined) conditions.push(inArray(contactMessages.id, ids(f.id)));
    const where = conditions.length ? and(...conditions) : undefined;
    const sort = list.sort ?? { field: 'createdAt', order: 'desc' };
    const direction = sort.order === 'desc' ? desc : asc;
    const [rows, totals] = await db.batch([
      db
        .select()
        .from(contactMessages)
        .where(where)
        .orderBy(direction(MESSAGE_SORT[sort.field]), direction(contactMessages.id))
        .limit(list.limit)
        .offset(list.offset),
      db.select({ total: count() }).from(contactMessages).where(where),
    ]);
    return { rows: rows.map(toMessageDto), total: totals[0]?.total ?? 0 };
  }

  async getMessage(id: string) {
    const row = await this.deps.db.query.contactMessages.findFirst({ where: eq(contactMessages.id, id) });
    if (!row) throw AppError.notFound('Message not found');
    return toMessageDto(row);
  }

  /** Marks a message handled (audited; the note says how it was answered). */
  async markHandled(actor: AccessClaims, id: string, reason: string) {
    const now = this.deps.now();
    const found = await this.deps.db.transaction(
      async (tx) => {
        const [current] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id));
        if (!current || current.handledAt) return current ?? null;
        await tx.update(contactMessages).set({ handledAt: now }).where(eq(contactMessages.id, id));
        await recordAudit(
          tx,
          actor,
          {
            action: 'contact.handle',
            entityType: 'contact_message',
            entityId: id,
            before: { handled: false },
            after: { handled: true },
            reason,
          },
          now,
        );
        return current;
      },
      { behavior: 'immediate' },
    );
    if (!found) throw AppError.notFound('Message not found');
    if (found.handledAt) throw AppError.conflict('The message is already handled', 'message_already_handled');
    return this.getMessage(id);
  }
}
