/**
 * The signed order link (docs/widget.md, "After the booking"): a token that opens one order's
 * confirmation and label with no account, made for the shopper who booked through a widget.
 */

import type { components } from '@consign/api/client';
import type { BookedOrder } from '@consign/shared/checkout-messages';
import { publicClient, unwrap } from './client';

export type OrderView = components['schemas']['OrderView'];

export const orderViewApi = {
  get: async (token: string, signal?: AbortSignal) =>
    unwrap(await publicClient.GET('/api/v1/order-views/{token}', { params: { path: { token } }, signal })),
};

/** Where the link opens, on this origin. */
export const orderViewPath = (token: string) => `/order-view?${new URLSearchParams({ token })}`;

/** The label's address: a plain link, so the browser downloads it with no script involved. */
export const orderViewLabelPath = (token: string) =>
  `/api/v1/order-views/${encodeURIComponent(token)}/label.pdf`;

const regions = (() => {
  try {
    return new Intl.DisplayNames(['en-GB'], { type: 'region' });
  } catch {
    return null;
  }
})();

/** A town as people say it: the town alone in the UK, with its country abroad. */
export function placeName(place: { town: string; country: string }): string {
  if (place.country === 'GB') return place.town;
  return `${place.town}, ${regions?.of(place.country) ?? place.country}`;
}

/** What the widget's "Booked" state shows of an order, from the link's own answer. */
export function bookedOrderOf(token: string, view: OrderView): BookedOrder {
  return {
    token,
    summary: {
      serviceName: view.serviceName,
      vendorName: view.vendorName,
      collectionDate: view.collectionDate,
      from: placeName(view.from),
      to: placeName(view.to),
    },
  };
}
