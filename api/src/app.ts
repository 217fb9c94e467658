import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { mountApiReference } from './api-reference';
import { type AppDeps, type AppEnv, createRouter } from './context';
import { addressBookRouter } from './features/address-book';
import { addressesRouter } from './features/addresses';
import { adjustmentsRouter } from './features/adjustments';
import { adminRouter } from './features/admin';
import { authRouter } from './features/auth';
import { batchesRouter } from './features/batches';
import { claimsRouter } from './features/claims';
import { contentRouter } from './features/content';
import { couriersRouter } from './features/couriers';
import { devRouter } from './features/dev';
import { dropOffPointsRouter } from './features/dropoff-points';
import { financeRouter } from './features/finance';
import { healthRouter } from './features/health';
import { hsCodesRouter } from './features/hs-codes';
import { jobsRouter } from './features/jobs';
import { metaRouter } from './features/meta';
import { ordersRouter } from './features/orders';
import { mountPartnerMiddleware, PARTNER_UPLOADS_PATH, partnersRouter } from './features/partners';
import { paymentsRouter } from './features/payments';
import { payoutsRouter } from './features/payouts';
import { quotesRouter } from './features/quotes';
import { returnsRouter } from './features/returns';
import { reviewsRouter } from './features/reviews';
import { trackingRouter } from './features/tracking';
import { UPLOADS_PATH, uploadsRouter } from './features/uploads';
import { usersRouter } from './features/users';
import { vendorOrdersRouter } from './features/vendor-orders';
import { DOCUMENTS_PATH, vendorsRouter } from './features/vendors';
import { webhooksRouter } from './features/webhooks';
import { mountGuides } from './guides';
import { compression } from './lib/compression';
import { problemBody, problemResponse, toProblem } from './lib/errors';
import { tidyOpenApi } from './lib/openapi-tidy';
import { browserOrigin, withLinkOrigin } from './lib/origin';
import { requestBody } from './lib/request-body';
import { requestHygiene, urlAndHeaderHygiene } from './lib/request-hygiene';
import { RouteTable } from './lib/route-table';
import {
  securityHeaders,
  UPLOAD_PDF_DISPOSITION,
  UPLOADS_CSP,
  WIDGET_STATES_PATH,
  widgetStatesCsp,
} from './lib/security-headers';
import { staticFiles } from './lib/static-files';
import { TEST_PAYMENTS_PATH } from './providers/payments';
import { registerFeatureHooks } from './registrations';

export const API_BASE = '/api/v1';

export const OPENAPI_INFO: Parameters<App['getOpenAPI31Document']>[0] = {
  openapi: '3.1.0',
  info: {
    title: 'Consign API',
    version: '1.0.0',
    description:
      'Parcel courier marketplace for the UK: quotes, bookings, payments, labels, courier services and jobs. ' +
      'Errors are RFC 9457 problem details. Authenticate with `Authorization: Bearer <access token>`.',
  },
  servers: [{ url: '/', description: 'This server' }],
};

/** The repository root: app.ts sits one folder below api/ both in src/ and once bundled into dist/. */
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Builds the whole HTTP application around the given dependencies; used by main.ts and by tests. */
export function createApp(deps: AppDeps) {
  registerFeatureHooks();
  const app = createRouter();

  app.use('*', requestId());
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    // A client that hung up mid-request is its own business, not a server error. The signal is
    // read only when something failed: reading it makes the Node adapter build a full Request
    // (docs/performance.md, "Compression").
    const aborted =
      c.get('clientGone') === true || (c.res.status >= 500 && c.req.raw.signal?.aborted === true);
    const level = c.res.status >= 500 && !aborted ? 'error' : 'info';
    deps.logger[level](
      {
        reqId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms,
        ...(aborted ? { aborted: true } : {}),
      },
      aborted ? 'request aborted by the client' : 'request',
    );
  });
  // Inside the request log (its timing includes compressing), around everything else.
  app.use('*', compression());
  // Partners' pages load the widget script cross-origin; registered before secureHeaders so
  // that this runs after it on the way out and wins over its same-origin default.
  app.use('/widget/v1/*', async (c, next) => {
    await next();
    c.res.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
  });
  // Before anything reads them (the partner key middleware included): one rule for text.
  app.use(`${API_BASE}/*`, urlAndHeaderHygiene);
  app.use('/embed/*', urlAndHeaderHygiene);
  // Links built while serving (mail now, or later from the events published) follow lib/origin.
  if (deps.config.env !== 'production') {
    app.use(`${API_BASE}/*`, (c, next) => withLinkOrigin(browserOrigin(deps.config, c.req), next));
  }
  mountPartnerMiddleware(app);
  app.use(
    '*',
    secureHeaders({
      crossOriginResourcePolicy: 'same-origin',
      crossOriginOpenerPolicy: 'same-origin-allow-popups',
      referrerPolicy: 'strict-origin-when-cross-origin',
    }),
  );
  app.use('*', securityHeaders({ apiBase: API_BASE, testPaymentsPath: TEST_PAYMENTS_PATH }));
  const apiBodyLimit = requestBody<AppEnv>({
    maxSize: deps.config.bodyLimitBytes,
    // The rest of the body is never read, so the connection cannot carry another request:
    // say so rather than announce keep-alive and drop it.
    onError: (c) =>
      problemResponse(
        c,
        413,
        problemBody(413, `The request body is larger than ${deps.config.bodyLimitBytes} bytes`),
        { Connection: 'close' },
      ),
  });
  // Uploads are up to 5 MB; their routes apply their own streaming limit (features/uploads, vendors).
  const uploadPaths = new Set(
    [UPLOADS_PATH, PARTNER_UPLOADS_PATH, DOCUMENTS_PATH].map((path) => `${API_BASE}${path}`),
  );
  app.use(`${API_BASE}/*`, (c, next) =>
    uploadPaths.has(c.req.path) ? closeOnUploadRefusal(c, next) : apiBodyLimit(c, next),
  );
  app.use(`${API_BASE}/*`, (c, next) => (uploadPaths.has(c.req.path) ? next() : requestHygiene(c, next)));

  app.route('/', healthRouter);
  const api = createRouter();
  api.route('/', authRouter);
  api.route('/', usersRouter);
  api.route('/', metaRouter);
  api.route('/', hsCodesRouter);
  api.route('/', addressesRouter);
  api.route('/', addressBookRouter);
  api.route('/', batchesRouter);
  // The dev mailbox reads everyone's codes and reset links: it never exists in production.
  if (!deps.config.production) api.route('/', devRouter);
  api.route('/', vendorsRouter);
  api.route('/', adminRouter);
  api.route('/', partnersRouter);
  api.route('/', webhooksRouter);
  api.route('/', couriersRouter);
  api.route('/', dropOffPointsRouter);
  api.route('/', uploadsRouter);
  api.route('/', contentRouter);
  api.route('/', quotesRouter);
  api.route('/', ordersRouter);
  api.route('/', reviewsRouter);
  api.route('/', paymentsRouter);
  api.route('/', payoutsRouter);
  api.route('/', financeRouter);
  api.route('/', claimsRouter);
  api.route('/', adjustmentsRouter);
  api.route('/', returnsRouter);
  api.route('/', jobsRouter);
  api.route('/', vendorOrdersRouter);
  api.route('/', trackingRouter);
  app.route(API_BASE, api);

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  app.get('/openapi.json', (c) => c.json(openApiDocument(app)));
  mountApiReference(app, () => openApiDocument(app));
  mountGuides(app, deps.config.publicUrl);

  mountFrontEnds(app, deps);

  const routeTable = new RouteTable(app);
  app.onError((err, c) => {
    if (c.get('clientGone') === true || c.req.raw.signal?.aborted) {
      c.set('clientGone', true);
      // Nobody is listening for the answer; the request log line records the abort.
      deps.logger.info({ reqId: c.get('requestId'), reason: (err as Error)?.message }, 'client went away');
      return problemResponse(c, 400, problemBody(400, 'The client closed the request'), {
        Connection: 'close',
      });
    }
    const { status, body, headers } = toProblem(err);
    if (status === 415 && err instanceof HTTPException) {
      return unsupportedMediaType(c, routeTable.mediaTypes(c.req.method, c.req.path));
    }
    if (status >= 500) deps.logger.error({ err, reqId: c.get('requestId') }, 'unhandled error');
    return problemResponse(c, status, { ...body, instance: c.req.path }, headers);
  });
  app.notFound((c) => {
    const allowed = c.req.path.startsWith(`${API_BASE}/`) ? routeTable.allowedMethods(c.req.path) : [];
    if (allowed.length > 0) {
      return problemResponse(
        c,
        405,
        problemBody(405, `${c.req.method} is not allowed on ${c.req.path}; use ${allowed.join(', ')}`),
        { Allow: allowed.join(', ') },
      );
    }
    return problemResponse(c, 404, problemBody(404, `No route for ${c.req.method} ${c.req.path}`));
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

/**
 * An upload refused (401 before authentication, 413 over the limit, 415, ...) leaves some of its
 * body unread, so the connection cannot carry another request: say so, as the JSON routes do,
 * rather than announce keep-alive and then drop the socket.
 */
async function closeOnUploadRefusal(c: Context<AppEnv>, next: () => Promise<void>) {
  await next();
  if (c.res.status >= 400) c.res.headers.set('Connection', 'close');
}

/** Names what the route takes, in the detail and in Accept-Post / Accept-Patch (RFC 5789). */
function unsupportedMediaType(c: Context<AppEnv>, accepted: string[]) {
  const types = accepted.length ? accepted : ['application/json'];
  const header = c.req.method === 'PATCH' ? 'Accept-Patch' : 'Accept-Post';
  return problemResponse(
    c,
    415,
    problemBody(415, `Send the body as ${types.join(' or ')} (Content-Type: ${types[0]})`, {
      instance: c.req.path,
    }),
    { [header]: types.join(', ') },
  );
}

export function openApiDocument(app: App) {
  return tidyOpenApi(app.getOpenAPI31Document(OPENAPI_INFO));
}

/**
 * Built front ends, served from the API process; each is skipped (with a log line) until it is
 * built. Their build writes brotli and gzip copies beside each file (scripts/precompress.mjs),
 * which staticFiles sends to clients that accept them; `compression()` adds the Vary header.
 */
function mountFrontEnds(app: App, deps: AppDeps) {
  const root = resolve(deps.config.staticRoot ?? repoRoot);
  const portalDist = join(root, 'portal/dist');
  const adminDist = join(root, 'admin/dist');
  const widgetDist = join(root, 'widget/dist');

  const uploadFiles = staticFiles<AppEnv>(
    { root: deps.config.uploadDir, rewriteRequestPath: (p) => p.replace(/^\/uploads/, '') },
    { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': UPLOADS_CSP, ...IMMUTABLE },
  );
  app.use('/uploads/*', async (c, next) => {
    const res = await uploadFiles(c, next);
    // The extension is the sniffed type's (features/uploads), so it tells a PDF.
    if (res instanceof Response && res.ok && /\.pdf$/i.test(c.req.path)) {
      res.headers.set('Content-Disposition', UPLOAD_PDF_DISPOSITION);
    }
    return res;
  });

  if (existsSync(join(widgetDist, 'consign.js'))) {
    // The pasteable snippet names this deployment's own origin (widget/build/snippet.ts).
    const snippetPath = join(widgetDist, 'snippet.js');
    const snippet = existsSync(snippetPath)
      ? readFileSync(snippetPath, 'utf8').replaceAll('__CONSIGN_ORIGIN__', deps.config.publicUrl)
      : null;
    if (snippet) {
      app.get('/widget/v1/snippet.js', (c) => {
        c.header('Cache-Control', 'public, max-age=300');
        return c.body(snippet, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      });
    }
    app.use(
      '/widget/v1/*',
      staticFiles(
        { root: widgetDist, rewriteRequestPath: (p) => p.replace(/^\/widget\/v1/, '') },
        { 'Cache-Control': 'public, max-age=300' },
      ),
    );
  }

  // The widget's catalogue (its Storybook, built with it): every state and theme, for partners.
  const catalogue = join(widgetDist, 'storybook');
  if (existsSync(join(catalogue, 'index.html'))) {
    app.get(WIDGET_STATES_PATH, (c) => c.redirect(`${WIDGET_STATES_PATH}/`));
    const policies = new Map(
      ['index.html', 'iframe.html'].map((file) => [
        file,
        widgetStatesCsp(readFileSync(join(catalogue, file), 'utf8')),
      ]),
    );
    app.use(`${WIDGET_STATES_PATH}/*`, async (c, next) => {
      await next();
      const policy = policies.get(c.req.path.slice(WIDGET_STATES_PATH.length + 1) || 'index.html');
      if (policy && c.res.headers.get('Content-Type')?.startsWith('text/html')) {
        c.res.headers.set('Content-Security-Policy', policy);
      }
    });
    app.use(
      `${WIDGET_STATES_PATH}/*`,
      staticFiles(
        {
          root: catalogue,
          index: 'index.html',
          rewriteRequestPath: (p) => p.slice(WIDGET_STATES_PATH.length),
        },
        { 'Cache-Control': 'public, max-age=300' },
      ),
    );
  }

  if (existsSync(join(adminDist, 'index.html'))) {
    app.get('/admin', (c) => c.redirect('/admin/'));
    app.use(
      '/admin/*',
      staticFiles({ root: adminDist, rewriteRequestPath: (p) => p.replace(/^\/admin/, '') }),
    );
    const adminIndex = readFileSync(join(adminDist, 'index.html'), 'utf8');
    app.get('/admin/*', (c) => c.html(adminIndex));
  }

  if (existsSync(join(portalDist, 'index.html'))) {
    app.use('/assets/*', staticFiles({ root: portalDist }, IMMUTABLE));
    app.use('*', staticFiles({ root: portalDist, index: 'index.html' }));
    // The build prerenders the home page into index.html and keeps the empty shell as app.html
    // (portal/scripts/prerender.mjs): every other route starts from the shell.
    const shell = existsSync(join(portalDist, 'app.html')) ? 'app.html' : 'index.html';
    const portalIndex = readFileSync(join(portalDist, shell), 'utf8');
    // Anything that is not the API, a file or a reserved path is a portal route.
    app.get('*', (c, next) => {
      if (isReserved(c.req.path)) return next();
      // Nor does its page: production answers 404 rather than a portal screen.
      if (deps.config.production && /^\/dev(\/|$)/.test(c.req.path)) return next();
      return c.html(portalIndex);
    });
  } else {
    deps.logger.warn({ portalDist }, 'portal is not built; run `pnpm build` to serve it');
  }
}

/** Content-hashed file names (Vite's assets, upload keys) never change: cached for a year. */
const IMMUTABLE = { 'Cache-Control': 'public, max-age=31536000, immutable' };

function isReserved(path: string) {
  return /^\/(api|uploads|widget|docs|openapi\.json|healthz|readyz)(\/|$)/.test(path);
}
