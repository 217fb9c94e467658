import type { ReactNode } from 'react';
import { VendorShell } from '../../shared/vendor-shell';

/**
 * Courier services belong to vendors: the vendor frame (menu, activation notice) and its guard
 * (signed-out visitors sign in first; other roles are told where to go instead).
 */
export function VendorOnly({ children }: { children: ReactNode }) {
  return <VendorShell what="your courier services">{children}</VendorShell>;
}
