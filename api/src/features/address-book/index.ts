/** The address book's public surface: other features and the app import nothing else of it. */

export { headerColumns } from './address-book.csv';
export { addressBookRouter } from './address-book.router';
export { AddressBookService, labelKey } from './address-book.service';
export { type AddressCheck, checkAddress } from './address-check';
export { SavedParcelsService } from './saved-parcels.service';
