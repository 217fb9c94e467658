/**
 * Where a postcode is, for sorting drop-off points by distance: the centroids the product already
 * has for same-day distances (the imported ONS table, its own or its district's centroid, else
 * the postcode area's main town), so the two never disagree about where a place is.
 */
import type { Database } from '../../db/client';
import { type LatLon, POSTCODE_AREAS, parseUkPostcode } from '../../providers/distance';
import { isInUk } from '../../providers/distance/geo';
import { createPostcodeCentroidLookup } from '../quotes';

export type Located = LatLon & { centroid: 'imported' | 'area' };

/** The postcode's centroid; null only for text that is not a UK postcode. */
export async function locatePostcode(db: Database, postcode: string): Promise<Located | null> {
  const parsed = parseUkPostcode(postcode);
  if (!parsed) return null;
  const exact = await createPostcodeCentroidLookup(db)(parsed.postcode);
  if (exact && isInUk(exact)) return { ...exact, centroid: 'imported' };
  const area = POSTCODE_AREAS[parsed.area] as LatLon;
  return { lat: area.lat, lon: area.lon, centroid: 'area' };
}
