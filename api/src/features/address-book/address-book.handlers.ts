import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { AppError } from '../../lib/errors';
import { importAddresses } from './address-book.csv';
import type * as routes from './address-book.routes';
import { AddressBookService } from './address-book.service';
import { SavedParcelsService } from './saved-parcels.service';

const book = (c: Context<AppEnv>) => new AddressBookService(c.get('deps'));
const parcels = (c: Context<AppEnv>) => new SavedParcelsService(c.get('deps'));
const me = (c: Context<AppEnv>) => c.get('user').sub;

/** Personal data: never in a shared cache. */
const privately = (c: Context<AppEnv>) => c.header('Cache-Control', 'private, no-store');

export const listAddressBook: RouteHandler<typeof routes.listAddressBook, AppEnv> = async (c) => {
  privately(c);
  return c.json(await book(c).list(me(c), c.req.valid('query')), 200);
};

export const createAddressBookEntry: RouteHandler<typeof routes.createAddressBookEntry, AppEnv> = async (c) =>
  c.json(await book(c).create(me(c), c.req.valid('json')), 201);

export const importAddressBook: RouteHandler<typeof routes.importAddressBook, AppEnv> = async (c) => {
  const type = c.req.header('Content-Type') ?? '';
  if (!/^text\/csv\b/i.test(type)) {
    throw new AppError(415, 'Send the file itself as the body, with Content-Type: text/csv', {
      code: 'unsupported_media_type',
      headers: { 'Accept-Post': 'text/csv' },
    });
  }
  return c.json(await importAddresses(c.get('deps'), me(c), await c.req.text()), 201);
};

export const updateAddressBookEntry: RouteHandler<typeof routes.updateAddressBookEntry, AppEnv> = async (c) =>
  c.json(await book(c).update(me(c), c.req.valid('param').id, c.req.valid('json')), 200);

export const deleteAddressBookEntry: RouteHandler<typeof routes.deleteAddressBookEntry, AppEnv> = async (
  c,
) => {
  await book(c).remove(me(c), c.req.valid('param').id);
  return c.body(null, 204);
};

export const listSavedParcels: RouteHandler<typeof routes.listSavedParcels, AppEnv> = async (c) =>
  c.json({ items: await parcels(c).list(me(c)) }, 200);

export const createSavedParcel: RouteHandler<typeof routes.createSavedParcel, AppEnv> = async (c) =>
  c.json(await parcels(c).create(me(c), c.req.valid('json')), 201);

export const updateSavedParcel: RouteHandler<typeof routes.updateSavedParcel, AppEnv> = async (c) =>
  c.json(await parcels(c).update(me(c), c.req.valid('param').id, c.req.valid('json')), 200);

export const deleteSavedParcel: RouteHandler<typeof routes.deleteSavedParcel, AppEnv> = async (c) => {
  await parcels(c).remove(me(c), c.req.valid('param').id);
  return c.body(null, 204);
};
