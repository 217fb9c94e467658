import { count, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../../context';
import { contactMessages } from '../../../db/schema';
import { recordAudit } from '../../../lib/audit';
import { AppError } from '../../../lib/errors';
import type { AccessClaims } from '../../../lib/jwt';
import { idsIn, listPage, type RaList } from '../../../lib/ra-list';
import { containsText } from '../../../lib/sql';
import type { ContactMessageListQuerySchema, MESSAGE_SORT_FIELDS } from './admin-messages.schemas';

type MessageFilter = NonNullable<z.infer<typeof ContactMessageListQuerySchema>['filter']>;
type MessageRow = typeof contactMessages.$inferSelect;

const MESSAGE_SORT = {
  createdAt: contactMessages.createdAt,
  handledAt: contactMessages.handledAt,
  id: contactMessages.id,
} satisfies Record<(typeof MESSAGE_SORT_FIELDS)[number], unknown>;

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

/** The contact form's messages, for staff to answer and mark handled. */
export class AdminMessagesService {
  constructor(private readonly deps: AppDeps) {}

  async list(list: RaList<(typeof MESSAGE_SORT_FIELDS)[number], MessageFilter>) {
    const { db } = this.deps;
    const f = list.filter ?? {};
    const { rows, total } = await listPage(db, list, {
      rows: db.select().from(contactMessages).$dynamic(),
      count: db.select({ total: count() }).from(contactMessages).$dynamic(),
      where: [
        f.handled !== undefined &&
          (f.handled ? isNotNull(contactMessages.handledAt) : isNull(contactMessages.handledAt)),
        f.q &&
          or(
            containsText(contactMessages.name, f.q),
            containsText(contactMessages.email, f.q),
            containsText(contactMessages.message, f.q),
          ),
        idsIn(contactMessages.id, f.id),
      ],
      sort: MESSAGE_SORT,
      tieBreaker: contactMessages.id,
    });
    return { rows: rows.map(toMessageDto), total };
  }

  async get(id: string) {
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
    return this.get(id);
  }
}
