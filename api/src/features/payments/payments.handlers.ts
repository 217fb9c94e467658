import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { clientAddress } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import type { Limit } from '../../lib/rate-limit';
import {
  isTestPaymentProvider,
  PaymentNotFoundError,
  renderApprovalPage,
  type TestPaymentProvider,
} from '../../providers/payments';
import type * as routes from './payments.routes';
import { captureOnReturn, RETURN_LIMIT } from './payments.server-capture';
import { handlePayPalWebhook } from './payments.webhooks';

/**
 * Each webhook costs an outbound verification call to PayPal, so a flood from one address is
 * refused before any. PayPal itself sends far fewer than this.
 */
export const WEBHOOK_LIMIT: Limit = { name: 'paypal-webhook-ip', max: 120, windowSeconds: 60 };

export const paypalWebhook: RouteHandler<typeof routes.paypalWebhook, AppEnv> = async (c) => {
  const { config, rateLimiter } = c.get('deps');
  await rateLimiter.hit(WEBHOOK_LIMIT, clientAddress(c, config.trustProxy, config.trustProxyHops));
  const raw = await c.req.text();
  const headers = Object.fromEntries(c.req.raw.headers.entries());
  return c.json(await handlePayPalWebhook(c.get('deps'), headers, raw), 200);
};

export const paymentReturn: RouteHandler<typeof routes.paymentReturn, AppEnv> = async (c) => {
  const { config, rateLimiter } = c.get('deps');
  await rateLimiter.hit(RETURN_LIMIT, clientAddress(c, config.trustProxy, config.trustProxyHops));
  return c.json(await captureOnReturn(c.get('deps'), c.req.valid('json').token), 200);
};

/** The pages exist only while the built-in test provider is in use; with PayPal they are 404. */
function testProvider(c: Context<AppEnv>): TestPaymentProvider {
  const provider = c.get('deps').payments;
  if (!isTestPaymentProvider(provider)) {
    throw AppError.notFound('Test payments are off: a real payment provider is configured');
  }
  return provider;
}

async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof PaymentNotFoundError) throw AppError.notFound('Test payment not found');
    throw err;
  }
}

export const testPaymentPage: RouteHandler<typeof routes.testPaymentPage, AppEnv> = async (c) => {
  const details = await orNotFound(testProvider(c).approvalDetails(c.req.valid('param').id));
  c.header('Cache-Control', 'no-store');
  return c.html(renderApprovalPage(details), 200);
};

export const approveTestPayment: RouteHandler<typeof routes.approveTestPayment, AppEnv> = async (c) => {
  const { redirectUrl } = await orNotFound(testProvider(c).approve(c.req.valid('param').id));
  return c.redirect(redirectUrl, 303);
};
