import type { LatLon } from './types';

const EARTH_RADIUS_MILES = 3958.8;

/**
 * Roads are longer than the straight line. Across Britain the ratio of road distance to
 * great-circle distance (the "detour index") is typically 1.2 to 1.4 — lower between cities
 * on motorways, higher in towns and around estuaries and hills. 1.3 is the middle of that
 * range, so the estimate errs neither towards undercharging long runs nor overcharging
 * short ones by much.
 */
export const ROAD_FACTOR = 1.3;

/** A generous box around the UK (Scilly to Shetland, Northern Ireland to the Kent coast). */
export const UK_BOUNDS = { minLat: 49.8, maxLat: 60.9, minLon: -8.7, maxLon: 1.8 } as const;

export function isInUk(point: LatLon): boolean {
  return (
    Number.isFinite(point.lat) &&
    Number.isFinite(point.lon) &&
    point.lat >= UK_BOUNDS.minLat &&
    point.lat <= UK_BOUNDS.maxLat &&
    point.lon >= UK_BOUNDS.minLon &&
    point.lon <= UK_BOUNDS.maxLon
  );
}

/** Great-circle distance (haversine on a spherical Earth; under 0.5% off at UK scale). */
export function haversineMiles(a: LatLon, b: LatLon): number {
  const toRad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRad(b.lat - a.lat);
  const dLon = toRad(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}
