/**
 * Jobs, the customer's side (docs/architecture.md §4): post a parcel at a named
 * price, pay it through the payment core, list, read and withdraw (refunded when paid).
 */ import { and, count, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { type JobStatus, jobs, type QuoteRequestRecord } from '../../db/schema';
import { AppError, zodFieldErrors } from '../../lib/errors';
import { decodeCursor, nextCursor, olderThan } from '../../lib/pagination';
import { nationOfPostcode } from '../../providers/distance';
import { normaliseAddress, orderReference, shipmentErrors } from '../orders';
import { captureFor, findPayment, findPayments, startPayment } from '../payments';
import { QuoteRequestSchema } from '../quotes';
import { changeJob } from './jobs.change';
import { type CreateJobBody, routeOf } from './jobs.schemas';

import {
  closedConflict,
  JOB_NOT_FOUND,
  JOB_TTL_MS,
  type JobDto,
  type JobRow,
  refundJobPayment,
  toJobDto,
} from './jobs.shared';

export type Viewer = { id: string };

export class JobsService {
  constructor(private readonly deps: AppDeps) {}

  /** Posts a job, awaiting payment of its asking price. */
  async create(viewer: Viewer, body: CreateJobBody): Promise<JobDto> {
    const { deps } = this;
    const now = deps.now();
    // The body schema has already checked the route with the quote rules; this gives its
    // normalised form (canonical postcodes, GB origin for international).
    const parsed = QuoteRequestSchema.safeParse(routeOf(body));
    if (!parsed.success) throw AppError.validation(zodFieldErrors(parsed.error));
    const route = parsed.data;
    const collection = normaliseAddress(body.collectionAddress);
    const delivery = normaliseAddress(body.deliveryAddress);
    const errors = shipmentErrors({
      serviceType: route.serviceType,
      fixedBy: 'job',
      destination: route.serviceType === 'international' ? route.to : '',
      nations: route.serviceType === 'domestic' ? { from: route.from, to: route.to } : {},
      collection,
      delivery,
      collectionDate: body.collectionDate,
      now,
      customs: body.customs,
      items: body.items,
      // A same-day job is a trip between these two postcodes; the addresses must be at its ends.
      sameDay: {
        fromPostcode: route.serviceType === 'same_day' ? route.fromPostcode : undefined,
        toPostcode: route.serviceType === 'same_day' ? route.toPostcode : undefined,
        message: (postcode) => `The same-day route starts or ends at ${postcode}`,
      },
    });
    if (errors.length) throw AppError.validation(errors);

    const record: QuoteRequestRecord = {
      serviceType: route.serviceType,
      parcels: route.parcels.map((p) => ({ ...p })),
    };
    if (route.serviceType === 'same_day') {
      record.fromPostcode = route.fromPostcode;
      record.toPostcode = route.toPostcode;
      // As a quote does: a postcode's nation, so nation-bound same-day services can match.
      const from = route.from ?? nationOfPostcode(route.fromPostcode);
      const to = route.to ?? nationOfPostcode(route.toPostcode);
      if (from) record.from = from;
      if (to) record.to = to;
    } else {
      record.from = route.from;
      record.to = route.to;
    }

    const international = route.serviceType === 'international';
    const [job] = await deps.db
      .insert(jobs)
      .values({
        customerId: viewer.id,
        status: 'awaiting_payment',
        serviceType: route.serviceType,
        route: record,
        collectionAddress: collection,
        deliveryAddress: delivery,
        collectionDate: body.collectionDate,
        contents: body.contents,
        contentValue: body.contentValue,
        customs: international ? (body.customs ?? null) : null,
        items: international ? (body.items ?? null) : null,
        notes: body.notes || null,
        askingPrice: body.askingPrice.amount,
        currency: body.askingPrice.currency,
        // Unpaid jobs lapse too; paying restarts the clock (see the payment target).
        expiresAt: new Date(now.getTime() + JOB_TTL_MS),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!job) throw new Error('job insert returned nothing');
    return toJobDto(job, null, now);
  }

  async list(
    viewer: Viewer,
    query: { limit: number; cursor?: string | undefined; status?: JobStatus | undefined },
  ) {
    const { db } = this.deps;
    const mine = and(
      eq(jobs.customerId, viewer.id),
      query.status ? eq(jobs.status, query.status) : undefined,
    );
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const rows = await db
      .select()
      .from(jobs)
      .where(and(mine, olderThan(jobs, after)))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const [totals] = await db.select({ n: count() }).from(jobs).where(mine);
    const paid = await findPayments(
      db,
      'job',
      page.map((j) => j.id),
    );
    const byJob = new Map(paid.map((p) => [p.jobId, p]));
    const now = this.deps.now();
    return {
      items: page.map((j) => toJobDto(j, byJob.get(j.id), now)),
      nextCursor: nextCursor(rows, query.limit),
      total: totals?.n ?? 0,
    };
  }

  async get(viewer: Viewer, id: string): Promise<JobDto> {
    return this.dto(await this.loadOwn(viewer, id));
  }

  /** Withdraws an unpaid or open job; a paid one is refunded. */
  async withdraw(viewer: Viewer, id: string): Promise<JobDto> {
    const { deps } = this;
    const job = await this.loadOwn(viewer, id);
    // A withdrawal racing a vendor's accept (or the expiry) loses cleanly instead of withdrawing
    // a job that has just become an order.
    const move = await changeJob(deps, { jobId: job.id, to: 'withdrawn', actor: 'customer' });
    if (!move.moved) throw closedConflict(await this.loadOwn(viewer, id));
    // A payment captured after this point finds the job withdrawn and is refunded by the core.
    await refundJobPayment(deps, move.job, 'job withdrawn by the customer');
    return this.dto(move.job);
  }

  /** Starts (or resumes) paying the asking price: one provider order per job. */
  async startPayment(viewer: Viewer, id: string, origin = this.deps.config.publicUrl) {
    const job = await this.loadOwn(viewer, id);
    this.assertPayable(job);
    const query = `job=${encodeURIComponent(job.id)}`;
    return startPayment(
      this.deps,
      { kind: 'job', id: job.id },
      {
        amount: job.askingPrice,
        currency: job.currency,
        description: `Consign job ${orderReference(job.id)}: ${job.contents}`,
        returnUrl: `${origin}/payment?${query}&approved=1`,
        cancelUrl: `${origin}/dashboard?${query}`,
      },
      origin,
    );
  }

  /** Captures the approved payment: the job opens to couriers. Safe to repeat. */
  async capture(viewer: Viewer, id: string): Promise<{ state: 'captured' | 'pending'; job: JobDto }> {
    const job = await this.loadOwn(viewer, id);
    const state = await captureFor(this.deps, {
      subject: { kind: 'job', id: job.id },
      noun: 'job',
      settled: ['captured', 'refunded'],
      assertPayable: () => this.assertPayable(job),
    });
    return { state, job: await this.dto(await this.loadOwn(viewer, id)) };
  }

  private assertPayable(job: JobRow) {
    if (job.status === 'awaiting_payment') {
      if (job.expiresAt.getTime() <= this.deps.now().getTime()) {
        throw AppError.conflict('This job has expired; please post it again', 'job_expired');
      }
      return;
    }
    if (job.status === 'open' || job.status === 'accepted') {
      throw AppError.conflict('This job is paid already', 'job_already_paid');
    }
    throw closedConflict(job);
  }

  private async loadOwn(viewer: Viewer, id: string): Promise<JobRow> {
    const job = await this.deps.db.query.jobs.findFirst({
      where: and(eq(jobs.id, id), eq(jobs.customerId, viewer.id)),
    });
    if (!job) throw AppError.notFound(JOB_NOT_FOUND);
    return job;
  }

  private async dto(job: JobRow): Promise<JobDto> {
    const payment = await findPayment(this.deps.db, { kind: 'job', id: job.id });
    return toJobDto(job, payment, this.deps.now());
  }
}
