import { parseMoney } from '../../lib/format';
import type { ItemValues } from './formValues';

/** quantity × unit value in pence; null while either is not a valid number. */
export function lineSubtotal(item: Pick<ItemValues, 'quantity' | 'unitValue'>): number | null {
  const quantity = /^\d{1,5}$/.test(item.quantity.trim()) ? Number(item.quantity.trim()) : null;
  const unit = parseMoney(item.unitValue);
  if (quantity === null || unit === null) return null;
  return quantity * unit;
}

/** The sum of the valid rows' subtotals, in pence. */
export function breakdownTotal(items: readonly Pick<ItemValues, 'quantity' | 'unitValue'>[]): number {
  return items.reduce((sum, item) => sum + (lineSubtotal(item) ?? 0), 0);
}
