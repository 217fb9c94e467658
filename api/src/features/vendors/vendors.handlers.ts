import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context';
import type * as routes from './vendors.routes';
import { OnboardingService, VendorDocumentsService, VendorsService } from './vendors.service';

export const getMyVendor: RouteHandler<typeof routes.getMyVendor, AppEnv> = async (c) =>
  c.json(await new VendorsService(c.get('deps')).mine(c.get('user').sub), 200);

export const updateMyVendor: RouteHandler<typeof routes.updateMyVendor, AppEnv> = async (c) =>
  c.json(await new VendorsService(c.get('deps')).updateMine(c.get('user').sub, c.req.valid('json')), 200);

export const getMyOnboarding: RouteHandler<typeof routes.getMyOnboarding, AppEnv> = async (c) =>
  c.json(await new OnboardingService(c.get('deps')).get(c.get('user').sub), 200);

export const saveMyOnboarding: RouteHandler<typeof routes.saveMyOnboarding, AppEnv> = async (c) =>
  c.json(await new OnboardingService(c.get('deps')).save(c.get('user').sub, c.req.valid('json')), 200);

export const submitMyOnboarding: RouteHandler<typeof routes.submitMyOnboarding, AppEnv> = async (c) =>
  c.json(await new OnboardingService(c.get('deps')).submit(c.get('user').sub), 200);

export const listMyDocuments: RouteHandler<typeof routes.listMyDocuments, AppEnv> = async (c) =>
  c.json(await new VendorDocumentsService(c.get('deps')).list(c.get('user').sub), 200);

export const uploadMyDocument: RouteHandler<typeof routes.uploadMyDocument, AppEnv> = async (c) =>
  c.json(
    await new VendorDocumentsService(c.get('deps')).upload(c.get('user').sub, c.req.valid('form').document),
    201,
  );

export const deleteMyDocument: RouteHandler<typeof routes.deleteMyDocument, AppEnv> = async (c) => {
  await new VendorDocumentsService(c.get('deps')).remove(c.get('user').sub, c.req.valid('param').documentId);
  return c.body(null, 204);
};

export const downloadVendorDocument: RouteHandler<typeof routes.downloadVendorDocument, AppEnv> = async (
  c,
) => {
  const file = await new VendorDocumentsService(c.get('deps')).read(
    c.get('user'),
    c.req.valid('param').documentId,
  );
  const filename = file.name.replace(/[^\w.\- ]/g, '_');
  return c.body(new Uint8Array(file.bytes), 200, {
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename="${filename}"`,
    'X-Content-Type-Options': 'nosniff',
    // Business documents are private: no shared caches.
    'Cache-Control': 'private, no-store',
  });
};
