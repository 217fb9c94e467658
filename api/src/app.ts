import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { mountApiReference } from './api-reference';
import type { AppDeps, AppEnv } from './context';
import { addressesRouter } from './features/addresses/addresses.index';
import { adminRouter } from './features/admin/admin.index';
import { authRouter } from './features/auth/auth.index';
import { contentRouter } from './features/content/content.index';
import { couriersRouter } from './features/couriers/couriers.index';
import { devRouter } from './features/dev/dev.index';
import { healthRouter } from './features/health/health.index';
import { hsCodesRouter } from './features/hs-codes/hs-codes.index';
import { jobsRouter } from './features/jobs/jobs.index';
import { metaRouter } from './features/meta/meta.index';
import { ordersRouter } from './features/orders/orders.index';
import { paymentsRouter } from './features/payments/payments.index';
import { quotesRouter } from './features/quotes/quotes.index';
import { uploadsRouter } from './features/uploads/uploads.index';
import { UPLOADS_PATH } from './features/uploads/uploads.routes';
import { usersRouter } from './features/users/users.index';
import { vendorOrdersRouter } from './features/vendor-orders/vendor-orders.index';
import { vendorsRouter } from './features/vendors/vendors.index';
import { problemBody, problemResponse, toProblem } from './lib/errors';
import { createRouter } from './lib/openapi';

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
  const app = createRouter();

  app.use('*', requestId());
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const level = c.res.status >= 500 ? 'error' : 'info';
    deps.logger[level](
      { reqId: c.var.requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms },
      'request',
    );
  });
  // Partners' pages load the widget script cross-origin; registered before secureHeaders so
  // that this runs after it on the way out and wins over its same-origin default.
  app.use('/widget/v1/*', async (c, next) => {
    await next();
    c.res.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
  });
  app.use(
    '*',
    secureHeaders({
      crossOriginResourcePolicy: 'same-origin',
      crossOriginOpenerPolicy: 'same-origin-allow-popups',
      referrerPolicy: 'strict-origin-when-cross-origin',
    }),
  );
  const apiBodyLimit = bodyLimit({
    maxSize: deps.config.bodyLimitBytes,
    onError: (c) =>
      problemResponse(
        c,
        413,
        problemBody(413, `The request body is larger than ${deps.config.bodyLimitBytes} bytes`),
      ),
  });
  // Image uploads are up to 5 MB; their route applies its own streaming limit (features/uploads).
  app.use(`${API_BASE}/*`, (c, next) =>
    c.req.path === `${API_BASE}${UPLOADS_PATH}` ? next() : apiBodyLimit(c, next),
  );

  app.route('/', healthRouter);
  const api = createRouter();
  api.route('/', authRouter);
  api.route('/', usersRouter);
  api.route('/', metaRouter);
  api.route('/', hsCodesRouter);
  api.route('/', addressesRouter);
  api.route('/', devRouter);
  api.route('/', vendorsRouter);
  api.route('/', adminRouter);
  api.route('/', couriersRouter);
  api.route('/', uploadsRouter);
  api.route('/', contentRouter);
  api.route('/', quotesRouter);
  api.route('/', ordersRouter);
  api.route('/', paymentsRouter);
  api.route('/', jobsRouter);
  api.route('/', vendorOrdersRouter);
  app.route(API_BASE, api);

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  app.get('/openapi.json', (c) => c.json(openApiDocument(app)));
  mountApiReference(app);

  mountFrontEnds(app, deps);

  app.onError((err, c) => {
    const { status, body, headers } = toProblem(err);
    if (status >= 500) deps.logger.error({ err, reqId: c.var.requestId }, 'unhandled error');
    return problemResponse(c, status, { ...body, instance: c.req.path }, headers);
  });
  app.notFound((c) =>
    problemResponse(c, 404, problemBody(404, `No route for ${c.req.method} ${c.req.path}`)),
  );

  return app;
}

export type App = ReturnType<typeof createApp>;

export function openApiDocument(app: App) {
  return app.getOpenAPI31Document(OPENAPI_INFO);
}

/** Built front ends, served from the API process; each is skipped (with a log line) until it is built. */
function mountFrontEnds(app: App, deps: AppDeps) {
  const root = resolve(deps.config.staticRoot ?? repoRoot);
  const portalDist = join(root, 'portal/dist');
  const adminDist = join(root, 'admin/dist');
  const widgetDist = join(root, 'widget/dist');

  app.use(
    '/uploads/*',
    serveStatic({
      root: deps.config.uploadDir,
      rewriteRequestPath: (p) => p.replace(/^\/uploads/, ''),
      onFound: (_path, c) => {
        c.header('X-Content-Type-Options', 'nosniff');
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );

  if (existsSync(join(widgetDist, 'consign.js'))) {
    app.use(
      '/widget/v1/*',
      serveStatic({
        root: widgetDist,
        rewriteRequestPath: (p) => p.replace(/^\/widget\/v1/, ''),
        onFound: (_path, c) => {
          c.header('Cache-Control', 'public, max-age=300');
        },
      }),
    );
  }

  if (existsSync(join(adminDist, 'index.html'))) {
    app.get('/admin', (c) => c.redirect('/admin/'));
    app.use(
      '/admin/*',
      serveStatic({ root: adminDist, rewriteRequestPath: (p) => p.replace(/^\/admin/, '') }),
    );
    const adminIndex = readFileSync(join(adminDist, 'index.html'), 'utf8');
    app.get('/admin/*', (c) => c.html(adminIndex));
  }

  if (existsSync(join(portalDist, 'index.html'))) {
    app.use('/assets/*', serveStatic({ root: portalDist, onFound: immutable }));
    app.use('*', serveStatic({ root: portalDist, index: 'index.html' }));
    const portalIndex = readFileSync(join(portalDist, 'index.html'), 'utf8');
    // Anything that is not the API, a file or a reserved path is a portal route.
    app.get('*', (c, next) => {
      if (isReserved(c.req.path)) return next();
      return c.html(portalIndex);
    });
  } else {
    deps.logger.warn({ portalDist }, 'portal is not built; run `pnpm build` to serve it');
  }
}

const immutable = (_path: string, c: Context<AppEnv>) => {
  c.header('Cache-Control', 'public, max-age=31536000, immutable');
};

function isReserved(path: string) {
  return /^\/(api|uploads|widget|docs|openapi\.json|healthz|readyz)(\/|$)/.test(path);
}
