/**
 * The point form's values, its checks before sending, and where the API's field errors show. Hours
 * and closed dates are typed as the CSV writes them (docs/dropoff-points.md), read by the same
 * parser, so a courier learns one format.
 */
import {
  closedDatesText,
  openingsText,
  parseClosedDates,
  parseOpenings,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type Weekday,
} from '@consign/shared/handover';
import type { CreatePointBody, DropOffPoint } from './dropoff-api';

export type PointFormValues = {
  code: string;
  name: string;
  line1: string;
  line2: string;
  town: string;
  postcode: string;
  hours: Record<Weekday, string>;
  closedDates: string;
  maxWeightKg: string;
  serviceIds: string[];
};

/** Where an error shows: a field's name, or `hours.<weekday>` for one day's openings. */
export type PointErrors = Record<string, string>;

export const HOURS_HINT =
  '09:00-17:30; several separated by spaces (09:00-12:00 13:00-17:00); empty when closed';
export const CLOSED_DATES_HINT = '2026-12-25 Christmas Day; 2026-12-26: dates separated by semicolons';

export function emptyPointValues(): PointFormValues {
  return {
    code: '',
    name: '',
    line1: '',
    line2: '',
    town: '',
    postcode: '',
    hours: Object.fromEntries(WEEKDAYS.map((d) => [d, ''])) as Record<Weekday, string>,
    closedDates: '',
    maxWeightKg: '',
    serviceIds: [],
  };
}

export function valuesFromPoint(point: DropOffPoint): PointFormValues {
  return {
    code: point.code,
    name: point.name,
    line1: point.address.line1,
    line2: point.address.line2 ?? '',
    town: point.address.town,
    postcode: point.address.postcode,
    hours: Object.fromEntries(WEEKDAYS.map((d) => [d, openingsText(point.openingHours[d])])) as Record<
      Weekday,
      string
    >,
    closedDates: closedDatesText(point.closedDates),
    maxWeightKg: String(point.maxWeightKg),
    serviceIds: [...point.serviceIds],
  };
}

/**
 * The request body, or the errors a courier can fix before sending (what is missing or
 * unreadable); the API checks the rest (times, postcode, dates) and answers by field.
 */
export function pointBody(values: PointFormValues): { body: CreatePointBody } | { errors: PointErrors } {
  const errors: PointErrors = {};
  const required = { name: 'Name', line1: 'Street', town: 'Town', postcode: 'Postcode' } as const;
  for (const [field, label] of Object.entries(required)) {
    if (!values[field as keyof typeof required].trim()) errors[field] = `${label} is required`;
  }
  const openingHours: CreatePointBody['openingHours'] = {};
  for (const day of WEEKDAYS) {
    const openings = parseOpenings(values.hours[day]);
    if (openings === null) {
      errors[`hours.${day}`] = `Write ${WEEKDAY_LABELS[day]}’s openings as 09:00-17:30, or leave it empty`;
    } else openingHours[day] = openings;
  }
  if (!errors['hours.monday'] && WEEKDAYS.every((d) => openingHours[d]?.length === 0)) {
    errors.openingHours = 'Open on at least one day of the week';
  }
  const closedDates = parseClosedDates(values.closedDates);
  if (closedDates === null)
    errors.closedDates = 'Write closed dates as 2026-12-25, each with an optional reason';
  const weight = Number(values.maxWeightKg);
  if (!values.maxWeightKg.trim()) errors.maxWeightKg = 'Heaviest parcel is required';
  else if (!Number.isFinite(weight) || weight <= 0)
    errors.maxWeightKg = 'Heaviest parcel must be more than 0 kg';
  if (values.serviceIds.length === 0)
    errors.serviceIds = 'Choose at least one service the point takes parcels for';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      ...(values.code.trim() ? { code: values.code.trim() } : {}),
      name: values.name.trim(),
      address: {
        line1: values.line1.trim(),
        ...(values.line2.trim() ? { line2: values.line2.trim() } : {}),
        town: values.town.trim(),
        postcode: values.postcode.trim(),
      },
      openingHours,
      closedDates: closedDates ?? [],
      maxWeightKg: weight,
      serviceIds: values.serviceIds,
    },
  };
}

/** The form field an API error path belongs to ("openingHours.friday.1.closes" -> "hours.friday"). */
export function fieldOfPath(path: string): string {
  const [head, next] = path.split('.');
  if (head === 'address' && next) return next;
  if (head === 'openingHours' && next) return `hours.${next}`;
  return head ?? path;
}

/** A 422's errors by form field, the first message of each. */
export function formErrorsOf(fieldErrors: Record<string, string>): PointErrors {
  const errors: PointErrors = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const field = fieldOfPath(path);
    errors[field] ??= message;
  }
  return errors;
}

export type ImportProblems = {
  /** What is wrong with the file as a whole (no header, not CSV, too many rows). */
  file: string[];
  /** Each line's problems, by line number. */
  rows: { line: number; messages: string[] }[];
};

/** An import's 422 errors (`rows.<line>.<column>` or `text`) grouped by line, in file order. */
export function importProblems(errors: readonly { path: string; message: string }[]): ImportProblems {
  const file: string[] = [];
  const byLine = new Map<number, string[]>();
  for (const { path, message } of errors) {
    const match = /^rows\.(\d+)\./.exec(path);
    if (!match) {
      file.push(message);
      continue;
    }
    const line = Number(match[1]);
    byLine.set(line, [...(byLine.get(line) ?? []), message]);
  }
  const rows = [...byLine].sort(([a], [b]) => a - b).map(([line, messages]) => ({ line, messages }));
  return { file, rows };
}
