import { formatPostcode } from '@consign/shared/postcodes';
import { parseMoney } from '../../lib/format';
import type { AddressValues, BookingValues, CustomsValues } from './formValues';

export function toAddress(address: AddressValues) {
  const line2 = address.line2.trim();
  return {
    name: address.name.trim(),
    email: address.email.trim(),
    phone: address.phone.trim(),
    line1: address.line1.trim(),
    ...(line2 ? { line2 } : {}),
    town: address.town.trim(),
    county: address.county.trim(),
    postcode: address.country === 'GB' ? formatPostcode(address.postcode) : address.postcode.trim(),
    country: address.country,
  };
}

export function toCustoms(customs: CustomsValues) {
  const optional = (value: string, upper = false) => {
    const trimmed = upper ? value.trim().toUpperCase() : value.trim();
    return trimmed || undefined;
  };
  const out = {
    documentType: customs.documentType,
    reasonForExport: customs.reasonForExport,
    senderType: customs.senderType,
    recipientType: customs.recipientType,
    senderEori: optional(customs.senderEori, true),
    recipientEori: optional(customs.recipientEori, true),
    senderCompanyName: optional(customs.senderCompanyName),
    recipientCompanyName: optional(customs.recipientCompanyName),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

/**
 * The parts of an order (or job) body the form decides, from valid values. Prices are never
 * included: the server takes them from the stored quote option and the cover table.
 */
export function toShipmentBody(values: BookingValues, international: boolean) {
  const notes = values.notes.trim();
  return {
    collectionAddress: toAddress(values.collection),
    deliveryAddress: toAddress(values.delivery),
    collectionDate: values.collectionDate,
    contents: values.contents.trim(),
    contentValue: parseMoney(values.contentValue) ?? 0,
    ...(international
      ? {
          customs: toCustoms(values.customs),
          items: values.items.map((item) => ({
            description: item.description.trim(),
            hsCode: item.hsCode.trim(),
            quantity: Number(item.quantity.trim()),
            unitValue: parseMoney(item.unitValue) ?? 0,
            originCountry: item.originCountry,
          })),
        }
      : {}),
    ...(notes ? { notes } : {}),
  };
}
