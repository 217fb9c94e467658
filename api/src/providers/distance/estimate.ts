/**
 * The embedded distance provider: no account, no network. Great-circle distance between
 * centroids times a road factor, labelled 'estimate' so customers and vendors know it is not
 * a routed figure.
 */
import { haversineMiles, isInUk, ROAD_FACTOR, roundMiles } from './geo';
import { requireUkPostcode, type UkPostcode } from './postcode';
import { POSTCODE_AREAS } from './postcode-areas';
import type { DistanceProvider, LatLon, LookupCentroid } from './types';

export type EstimateDistanceOptions = { lookupCentroid?: LookupCentroid | undefined };

export function createEstimateDistanceProvider(options: EstimateDistanceOptions = {}): DistanceProvider {
  const { lookupCentroid } = options;

  async function centroidOf(postcode: UkPostcode): Promise<LatLon> {
    const exact = lookupCentroid ? await lookupCentroid(postcode.postcode) : null;
    if (exact && isInUk(exact)) return exact;
    // parseUkPostcode only accepts known areas, so the area centroid always exists.
    return POSTCODE_AREAS[postcode.area] as LatLon;
  }

  return {
    name: 'estimate',
    async milesBetween(fromPostcode, toPostcode) {
      const from = requireUkPostcode(fromPostcode);
      const to = requireUkPostcode(toPostcode);
      if (from.postcode === to.postcode) return { miles: 0, source: 'estimate' };
      const [a, b] = await Promise.all([centroidOf(from), centroidOf(to)]);
      // Two postcodes in one area without exact centroids come out at 0 miles: the service's
      // same-day minimum fee is what prices such short local runs.
      return { miles: roundMiles(haversineMiles(a, b) * ROAD_FACTOR), source: 'estimate' };
    },
  };
}
