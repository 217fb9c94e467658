import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../context';
import type { Database, Tx } from '../../db/client';
import { courierServices, vendorDocuments, vendorOnboarding, vendors } from '../../db/schema';
import { AppError, type FieldError, zodFieldErrors } from '../../lib/errors';
import type { AccessClaims } from '../../lib/jwt';
import { publish } from '../../lib/outbox';
import { createDocumentStorage } from '../../providers/storage';
import { UploadsService } from '../uploads';
import { detailsFromOnboarding } from './onboarding.details';
import {
  CompleteOnboardingSchema,
  type OnboardingAnswers,
  type SaveOnboardingBodySchema,
} from './onboarding.schemas';
import { ONBOARDING_EVENTS, type OnboardingSubmittedData } from './vendors.notify';
import type { UpdateVendorBodySchema } from './vendors.schemas';

export type VendorRow = typeof vendors.$inferSelect;

export function toVendorDto(v: VendorRow) {
  return {
    id: v.id,
    status: v.status,
    shopName: v.shopName,
    addressLine1: v.addressLine1,
    city: v.city,
    state: v.state,
    postalCode: v.postalCode,
    country: v.country,
    description: v.description,
    website: v.website,
    logoUrl: v.logoUrl,
    vatNumber: v.vatNumber,
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
  };
}

/**
 * The vendor business owned by a vendor account. Verification creates it, but an account can
 * reach vendor role without passing there (an unverified Google sign-up), so it is created
 * here too, pending, rather than leaving the vendor without a business record.
 */
export async function vendorOf(deps: AppDeps, ownerId: string): Promise<VendorRow> {
  const existing = await deps.db.query.vendors.findFirst({ where: eq(vendors.ownerId, ownerId) });
  if (existing) return existing;
  await deps.db.insert(vendors).values({ ownerId }).onConflictDoNothing();
  const created = await deps.db.query.vendors.findFirst({ where: eq(vendors.ownerId, ownerId) });
  if (!created) throw AppError.notFound('Vendor not found');
  return created;
}

export class VendorsService {
  constructor(private readonly deps: AppDeps) {}

  async mine(ownerId: string) {
    return toVendorDto(await vendorOf(this.deps, ownerId));
  }

  async updateMine(ownerId: string, patch: z.infer<typeof UpdateVendorBodySchema>) {
    const vendor = await vendorOf(this.deps, ownerId);
    const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    if (Object.keys(changes).length === 0) return toVendorDto(vendor);
    const update = async (tx: Tx) => {
      const [row] = await tx.update(vendors).set(changes).where(eq(vendors.id, vendor.id)).returning();
      return row!;
    };
    // Quotes show the shop name, so a new one is a catalogue change.
    const updated =
      'shopName' in changes
        ? await this.deps.catalog.write(update)
        : await this.deps.db.transaction(update, { behavior: 'immediate' });
    return toVendorDto(updated);
  }
}

type OnboardingRow = typeof vendorOnboarding.$inferSelect;
type DocumentRow = typeof vendorDocuments.$inferSelect;

/** Where a document is downloaded: an authenticated route, never the public /uploads/. */
export const documentUrl = (id: string) => `/api/v1/vendor-documents/${id}`;

function toOnboardingDto(row: OnboardingRow | undefined) {
  if (!row)
    return { status: 'not_started' as const, step: 1, answers: {}, submittedAt: null, updatedAt: null };
  return {
    status: row.status,
    step: row.step,
    answers: row.answers as OnboardingAnswers,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toDocumentDto(d: DocumentRow) {
  return {
    id: d.id,
    name: d.name,
    url: documentUrl(d.id),
    contentType: d.contentType,
    size: d.size,
    uploadedAt: d.createdAt.toISOString(),
  };
}

/** A display name for a document: the uploaded name without any path, kept short and printable. */
function documentName(file: File, contentType: string): string {
  const last = file.name.split(/[\\/]/).pop() ?? '';
  // Control characters and quotes would break the Content-Disposition header it is sent in.
  const base = [...last]
    .filter((ch) => ch !== '"' && ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  if (base) return base.slice(0, 120);
  return contentType === 'application/pdf' ? 'document.pdf' : 'document';
}

/**
 * What staff need to review a vendor: its onboarding answers and business documents. Called by
 * the admin console's routes; `url` of each document is the authenticated download route.
 */
export async function getVendorReviewData(
  db: Database,
  vendorId: string,
): Promise<{
  onboarding: {
    status: 'draft' | 'submitted';
    submittedAt: string | null;
    answers: Record<string, unknown>;
  } | null;
  documents: {
    id: string;
    name: string;
    url: string;
    contentType: string;
    size: number;
    uploadedAt: string;
  }[];
}> {
  const [onboarding, documents] = await Promise.all([
    db.query.vendorOnboarding.findFirst({ where: eq(vendorOnboarding.vendorId, vendorId) }),
    db.query.vendorDocuments.findMany({
      where: eq(vendorDocuments.vendorId, vendorId),
      orderBy: [desc(vendorDocuments.createdAt), desc(vendorDocuments.id)],
    }),
  ]);
  return {
    onboarding: onboarding
      ? {
          status: onboarding.status,
          submittedAt: onboarding.submittedAt?.toISOString() ?? null,
          answers: onboarding.answers,
        }
      : null,
    documents: documents.map(toDocumentDto),
  };
}

/** The vendor's onboarding row, if any, inside a write transaction; a submitted one is frozen. */
async function openDraft(tx: Tx, vendorId: string) {
  const existing = await tx.query.vendorOnboarding.findFirst({
    where: eq(vendorOnboarding.vendorId, vendorId),
  });
  if (existing?.status === 'submitted') {
    throw AppError.conflict('Your onboarding has already been submitted for review', 'onboarding_submitted');
  }
  return existing;
}

/** How many courier services the vendor has, and how many of them are active (quoted once it is). */
async function pricedServices(tx: Tx, vendorId: string) {
  const rows = await tx
    .select({ status: courierServices.status, n: count() })
    .from(courierServices)
    .where(eq(courierServices.vendorId, vendorId))
    .groupBy(courierServices.status);
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  return { total, active: rows.find((r) => r.status === 'active')?.n ?? 0 };
}

/** Why pricing is not done yet, in the words the wizard's pricing step uses. */
function noServiceMessage({ total }: { total: number }): string {
  return total === 0
    ? 'Add at least one courier service: customers are quoted from your services'
    : 'Set at least one of your courier services to Active: inactive services are not quoted';
}

/**
 * The onboarding wizard's draft and submission (spec 2.7), kept on the server. Its pricing step
 * is the courier's own services (docs/couriers.md), so a submission needs one of them active.
 */
export class OnboardingService {
  constructor(private readonly deps: AppDeps) {}

  async get(ownerId: string) {
    const vendor = await vendorOf(this.deps, ownerId);
    return toOnboardingDto(await this.#row(vendor.id));
  }

  async save(ownerId: string, body: z.infer<typeof SaveOnboardingBodySchema>) {
    const vendor = await vendorOf(this.deps, ownerId);
    const row = await this.deps.db.transaction(
      async (tx) => {
        await openDraft(tx, vendor.id);
        const [saved] = await tx
          .insert(vendorOnboarding)
          .values({ vendorId: vendor.id, step: body.step, answers: body.answers })
          .onConflictDoUpdate({
            target: vendorOnboarding.vendorId,
            set: { step: body.step, answers: body.answers, updatedAt: this.deps.now() },
          })
          .returning();
        return saved!;
      },
      { behavior: 'immediate' },
    );
    return toOnboardingDto(row);
  }

  /** Checks every step's requirements and hands the answers to staff. */
  async submit(ownerId: string) {
    const vendor = await vendorOf(this.deps, ownerId);
    const now = this.deps.now();
    const row = await this.deps.db.transaction(
      async (tx) => {
        const existing = await openDraft(tx, vendor.id);
        const checked = CompleteOnboardingSchema.safeParse(existing?.answers ?? {});
        const errors: FieldError[] = checked.success
          ? []
          : zodFieldErrors(checked.error).map((e) => ({ ...e, path: `answers.${e.path}` }));
        const services = await pricedServices(tx, vendor.id);
        if (services.active === 0)
          errors.push({ path: 'courierServices', message: noServiceMessage(services) });
        if (!checked.success || errors.length > 0) {
          throw AppError.validation(errors, 'Some onboarding steps are incomplete');
        }
        const [saved] = await tx
          .update(vendorOnboarding)
          .set({ status: 'submitted', submittedAt: now, step: 5, updatedAt: now })
          .where(and(eq(vendorOnboarding.vendorId, vendor.id), eq(vendorOnboarding.status, 'draft')))
          .returning();
        const current = await tx.query.vendors.findFirst({ where: eq(vendors.id, vendor.id) });
        const details = current ? detailsFromOnboarding(current, checked.data) : {};
        if (Object.keys(details).length > 0)
          await tx
            .update(vendors)
            .set({ ...details, updatedAt: now })
            .where(eq(vendors.id, vendor.id));
        // Staff are emailed off the request path (vendors.notify.ts); the submission stands either way.
        const data: OnboardingSubmittedData = { vendorId: vendor.id };
        await publish(tx, ONBOARDING_EVENTS.submitted, data, now);
        return saved!;
      },
      { behavior: 'immediate' },
    );
    return toOnboardingDto(row);
  }

  #row(vendorId: string) {
    return this.deps.db.query.vendorOnboarding.findFirst({ where: eq(vendorOnboarding.vendorId, vendorId) });
  }
}

/** Business documents: uploaded by the vendor, readable by that vendor and by admins only. */
export class VendorDocumentsService {
  constructor(private readonly deps: AppDeps) {}

  async list(ownerId: string) {
    const vendor = await vendorOf(this.deps, ownerId);
    return { items: (await getVendorReviewData(this.deps.db, vendor.id)).documents };
  }

  async upload(ownerId: string, file: File) {
    const vendor = await vendorOf(this.deps, ownerId);
    const stored = await new UploadsService(this.deps).storeDocument(ownerId, file);
    const [row] = await this.deps.db
      .insert(vendorDocuments)
      .values({
        vendorId: vendor.id,
        key: stored.key,
        name: documentName(file, stored.contentType),
        contentType: stored.contentType,
        size: stored.size,
        createdAt: this.deps.now(),
      })
      .returning();
    return toDocumentDto(row!);
  }

  /** The file, for its vendor or an admin; anyone else is told it does not exist. */
  async read(viewer: Pick<AccessClaims, 'sub' | 'role'>, documentId: string) {
    const doc = await this.deps.db.query.vendorDocuments.findFirst({
      where: eq(vendorDocuments.id, documentId),
    });
    if (!doc) throw AppError.notFound('Document not found');
    if (viewer.role !== 'admin') {
      const vendor = await this.deps.db.query.vendors.findFirst({ where: eq(vendors.id, doc.vendorId) });
      if (viewer.role !== 'vendor' || vendor?.ownerId !== viewer.sub)
        throw AppError.notFound('Document not found');
    }
    const bytes = await createDocumentStorage(this.deps.config).get(doc.key);
    if (!bytes) throw AppError.notFound('Document not found');
    return { bytes, contentType: doc.contentType, name: doc.name };
  }

  async remove(ownerId: string, documentId: string) {
    const vendor = await vendorOf(this.deps, ownerId);
    const [doc] = await this.deps.db
      .delete(vendorDocuments)
      .where(and(eq(vendorDocuments.id, documentId), eq(vendorDocuments.vendorId, vendor.id)))
      .returning();
    if (!doc) throw AppError.notFound('Document not found');
    await createDocumentStorage(this.deps.config).delete(doc.key);
  }
}
