import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context';
import type * as routes from './meta.routes';

export const getClientSettings: RouteHandler<typeof routes.getClientSettings, AppEnv> = (c) => {
  const { config, mailer } = c.var.deps;
  return c.json(
    {
      googleClientId: config.google.clientId ?? null,
      mailTransport: mailer.transport,
      paymentsProvider: config.paypal ? ('paypal' as const) : ('test' as const),
    },
    200,
  );
};
