/**
 * The three kinds of courier service. Values are stable machine codes on the wire; labels are
 * what the portal and the widget show (the quote form's tab names) and may be reworded
 * without a migration.
 */
import { sentenceCase } from './words';

export const SERVICE_TYPE_VALUES = ['domestic', 'international', 'same_day'] as const;
export type ServiceType = (typeof SERVICE_TYPE_VALUES)[number];

export const SERVICE_TYPE_LABELS: Readonly<Record<ServiceType, string>> = {
  domestic: 'UK to UK',
  international: 'International',
  same_day: 'Same Day',
};

export type ServiceTypeOption = { readonly value: ServiceType; readonly label: string };

/** The service types as form options, in the order the forms list them. */
export const SERVICE_TYPE_OPTIONS: readonly ServiceTypeOption[] = SERVICE_TYPE_VALUES.map((value) => ({
  value,
  label: SERVICE_TYPE_LABELS[value],
}));

export function isServiceType(value: unknown): value is ServiceType {
  return typeof value === 'string' && (SERVICE_TYPE_VALUES as readonly string[]).includes(value);
}

/** 'same_day' -> 'Same Day'; a code this version does not know reads in sentence case. */
export function serviceTypeLabel(type: string): string {
  return isServiceType(type) ? SERVICE_TYPE_LABELS[type] : sentenceCase(type);
}
