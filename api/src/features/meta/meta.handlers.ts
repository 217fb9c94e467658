import { createHash } from 'node:crypto';
import { collectionDaysHint } from '@consign/shared/collection-days';
import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context';
import { REFERENCE_DATA } from '../../domain/reference-data';
import { bankHolidaysBetween, collectionCalendar, UK_TIME_ZONE } from '../../domain/uk-days';
import type * as routes from './meta.routes';

export const getClientSettings: RouteHandler<typeof routes.getClientSettings, AppEnv> = (c) => {
  const { config, mailer } = c.get('deps');
  return c.json(
    {
      googleClientId: config.google.clientId ?? null,
      mailTransport: mailer.transport,
      devMailbox: !config.production && mailer.transport === 'outbox',
      paymentsProvider: config.paypal ? ('paypal' as const) : ('test' as const),
    },
    200,
  );
};

/** The reference data is code, so its ETag is fixed for the life of the process (and the release). */
const REFERENCE_ETAG = `"${createHash('sha256').update(JSON.stringify(REFERENCE_DATA)).digest('base64url').slice(0, 27)}"`;

/** If-None-Match may list several tags, weak or strong, or `*` (RFC 9110 §13.1.2: weak comparison). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

export const getReferenceData: RouteHandler<typeof routes.getReferenceData, AppEnv> = (c) => {
  c.header('ETag', REFERENCE_ETAG);
  c.header('Cache-Control', 'public, max-age=3600');
  if (matchesEtag(c.req.header('If-None-Match'), REFERENCE_ETAG)) return c.body(null, 304);
  return c.json(REFERENCE_DATA, 200);
};

/** Changes with the clock (the cut-off, midnight), so never cached. */
export const getCollectionDays: RouteHandler<typeof routes.getCollectionDays, AppEnv> = (c) => {
  const { today, earliest, latest, cutoff } = collectionCalendar(c.get('deps').now());
  c.header('Cache-Control', 'no-store');
  return c.json(
    {
      today,
      earliest,
      latest,
      cutoff,
      timeZone: UK_TIME_ZONE,
      bankHolidays: bankHolidaysBetween(today, latest),
      hint: collectionDaysHint(cutoff),
    },
    200,
  );
};
