/** Saved parcel sizes ("Shoebox"): the quote form and batch rows pick them by label. */
import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { savedParcels } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { MAX_SAVED_PARCELS, type SavedParcelDto } from './address-book.schemas';
import { labelKey } from './address-book.service';

type ParcelRow = typeof savedParcels.$inferSelect;
export type ParcelInput = { label: string; length: number; width: number; height: number; weight: number };

const toDto = (row: ParcelRow): SavedParcelDto => ({
  id: row.id,
  label: row.label,
  length: row.length,
  width: row.width,
  height: row.height,
  weight: row.weight,
});

const taken = (label: string) =>
  AppError.validation([{ path: 'label', message: `You already have a parcel size labelled “${label}”` }]);

export class SavedParcelsService {
  constructor(private readonly deps: AppDeps) {}

  async list(userId: string): Promise<SavedParcelDto[]> {
    const rows = await this.deps.db
      .select()
      .from(savedParcels)
      .where(eq(savedParcels.userId, userId))
      .orderBy(asc(savedParcels.labelKey));
    return rows.map(toDto);
  }

  /** The owner's sizes by label (any case), for batch rows naming one. */
  async byLabel(userId: string): Promise<Map<string, SavedParcelDto>> {
    return new Map((await this.list(userId)).map((p) => [labelKey(p.label), p]));
  }

  async create(userId: string, input: ParcelInput): Promise<SavedParcelDto> {
    const now = this.deps.now();
    const row = await this.deps.db.transaction(
      async (tx) => {
        const [clash] = await tx
          .select({ id: savedParcels.id })
          .from(savedParcels)
          .where(and(eq(savedParcels.userId, userId), eq(savedParcels.labelKey, labelKey(input.label))));
        if (clash) throw taken(input.label);
        const [n] = await tx.select({ n: count() }).from(savedParcels).where(eq(savedParcels.userId, userId));
        if ((n?.n ?? 0) >= MAX_SAVED_PARCELS) {
          throw AppError.conflict(
            `At most ${MAX_SAVED_PARCELS} parcel sizes; delete some first`,
            'parcels_full',
          );
        }
        const [created] = await tx
          .insert(savedParcels)
          .values({ ...input, labelKey: labelKey(input.label), userId, createdAt: now, updatedAt: now })
          .returning();
        return created as ParcelRow;
      },
      { behavior: 'immediate' },
    );
    return toDto(row);
  }

  async update(userId: string, id: string, patch: Partial<ParcelInput>): Promise<SavedParcelDto> {
    const now = this.deps.now();
    const row = await this.deps.db.transaction(
      async (tx) => {
        if (patch.label !== undefined) {
          const [clash] = await tx
            .select({ id: savedParcels.id })
            .from(savedParcels)
            .where(
              and(
                eq(savedParcels.userId, userId),
                eq(savedParcels.labelKey, labelKey(patch.label)),
                ne(savedParcels.id, id),
              ),
            );
          if (clash) throw taken(patch.label);
        }
        const [updated] = await tx
          .update(savedParcels)
          .set({ ...patch, ...(patch.label ? { labelKey: labelKey(patch.label) } : {}), updatedAt: now })
          .where(and(eq(savedParcels.id, id), eq(savedParcels.userId, userId)))
          .returning();
        if (!updated) throw AppError.notFound('Parcel size not found');
        return updated;
      },
      { behavior: 'immediate' },
    );
    return toDto(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    const [gone] = await this.deps.db
      .delete(savedParcels)
      .where(and(eq(savedParcels.id, id), eq(savedParcels.userId, userId)))
      .returning({ id: savedParcels.id });
    if (!gone) throw AppError.notFound('Parcel size not found');
  }
}
