/** The signed-out tracking page's calls: anyone with a code, no account, no token. */
import type { components } from '@consign/api/client';
import { publicClient, unwrap } from '../../shared/api/client';

export type Tracking = components['schemas']['Tracking'];
export type TrackingEntry = components['schemas']['TrackingEntry'];

export const trackingApi = {
  get: async (code: string, signal?: AbortSignal) =>
    unwrap(await publicClient.GET('/api/v1/tracking/{code}', { params: { path: { code } }, signal })),
  unsubscribe: async (code: string, token: string) =>
    unwrap(
      await publicClient.POST('/api/v1/tracking/{code}/unsubscribe', {
        params: { path: { code }, query: { token } },
      }),
    ),
};

/** A code as people type it: spaces and hyphens dropped, upper case. */
export const cleanCode = (input: string) => input.replace(/[\s-]/g, '').toUpperCase();

/** The stages of the progress bar, in order; a cancelled parcel shows none of them as reached. */
export const STAGES = [
  { key: 'booked', label: 'Booked' },
  { key: 'accepted', label: 'Accepted' },
  { key: 'on_its_way', label: 'On its way' },
  { key: 'out_for_delivery', label: 'Out for delivery' },
  { key: 'delivered', label: 'Delivered' },
] as const;

/** How many stages the parcel has reached (1-5), from its status and its latest events. */
export function stagesReached(tracking: Pick<Tracking, 'status' | 'timeline'>): number {
  switch (tracking.status) {
    case 'delivered':
      return 5;
    case 'in_transit':
      return tracking.timeline.some((e) => e.event === 'out_for_delivery') ? 4 : 3;
    case 'confirmed':
      return 2;
    case 'pending':
      return 1;
    default:
      return 0;
  }
}
