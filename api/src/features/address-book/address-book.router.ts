import { createRouter } from '../../context';
import * as handlers from './address-book.handlers';
import * as routes from './address-book.routes';

export const addressBookRouter = createRouter()
  .openapi(routes.listAddressBook, handlers.listAddressBook)
  .openapi(routes.createAddressBookEntry, handlers.createAddressBookEntry)
  // Before the {id} routes, so that "import" is never read as an entry id.
  .openapi(routes.importAddressBook, handlers.importAddressBook)
  .openapi(routes.updateAddressBookEntry, handlers.updateAddressBookEntry)
  .openapi(routes.deleteAddressBookEntry, handlers.deleteAddressBookEntry)
  .openapi(routes.listSavedParcels, handlers.listSavedParcels)
  .openapi(routes.createSavedParcel, handlers.createSavedParcel)
  .openapi(routes.updateSavedParcel, handlers.updateSavedParcel)
  .openapi(routes.deleteSavedParcel, handlers.deleteSavedParcel);
