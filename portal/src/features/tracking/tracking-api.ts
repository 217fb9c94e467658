/** The signed-out tracking page's calls: anyone with a code, no account, no token. */
import type { components } from '@consign/api/client';
import { ORDER_STATUS_FACTS, TRACKING_STAGES } from '@consign/shared/statuses';
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
export const STAGES = TRACKING_STAGES;

/** How many stages the parcel has reached (1-5), from its status's stage and its latest events. */
export function stagesReached(tracking: Pick<Tracking, 'status' | 'timeline'>): number {
  const { stage } = ORDER_STATUS_FACTS[tracking.status];
  if (stage === null) return 0;
  if (stage === 'on_its_way' && tracking.timeline.some((e) => e.event === 'out_for_delivery')) {
    return STAGES.findIndex((s) => s.key === 'out_for_delivery') + 1;
  }
  return STAGES.findIndex((s) => s.key === stage) + 1;
}
