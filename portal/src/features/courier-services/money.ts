/**
 * Pounds as typed in the form ↔ pence on the wire, done on the decimal digits rather than by
 * multiplying floats (0.29 * 100 is 28.999999999999996 in binary floating point).
 */

const DECIMAL = /^(\d*)(?:\.(\d*))?$/;

/**
 * "12.5" → 1250, "0.29" → 29, "3" → 300. Null when the text is not a plain non-negative decimal
 * or has more than `maxDecimals` decimals. Rates such as a per-mile fee may take more than two
 * decimals ("1.375" → 137.5 pence).
 */
export function poundsToPence(input: string, maxDecimals = 2): number | null {
  const text = input.trim();
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  if (fraction.length > maxDecimals) return null;
  const pence = `${whole || '0'}${fraction.slice(0, 2).padEnd(2, '0')}`;
  const rest = fraction.slice(2);
  return Number(rest ? `${pence}.${rest}` : pence);
}

/** 1250 → "12.50", 29 → "0.29", 137.5 → "1.375": the value a price input shows. */
export function penceToPounds(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const [int = '0', fraction = ''] = Math.abs(pence)
    .toFixed(6)
    .replace(/0+$/, '')
    .replace(/\.$/, '')
    .split('.');
  const digits = int.padStart(3, '0');
  return `${sign}${digits.slice(0, -2).replace(/^0+(?=\d)/, '')}.${digits.slice(-2)}${fraction}`;
}
