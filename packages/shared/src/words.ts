/**
 * Machine keys as people read them. Statuses, service types and field names are snake_case
 * codes on the wire; screens show them in sentence case.
 */

/** 'in_transit' -> 'In transit', 'service_type' -> 'Service type'. */
export function sentenceCase(key: string): string {
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
