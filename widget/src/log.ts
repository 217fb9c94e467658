/**
 * Bad calls from a partner page are reported, never thrown: an exception here would break the
 * partner's own scripts that run after the snippet.
 */
export function warn(message: string, ...details: unknown[]): void {
  console.warn(`[Consign] ${message}`, ...details);
}
