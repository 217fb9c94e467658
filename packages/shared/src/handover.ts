/**
 * How a parcel starts its journey with a courier service, and the words for it: collected from
 * the sender's door, taken to one of the courier's drop-off points, or either; and whether the
 * sender prints a label or shows a code that the point scans (printerless). The API stores these
 * codes; the quote cards, the courier info popup and the widget say them in these words.
 */

export const HANDOVER_VALUES = ['collection', 'drop_off', 'both'] as const;
export type Handover = (typeof HANDOVER_VALUES)[number];

export const LABEL_MODE_VALUES = ['printed', 'printerless'] as const;
export type LabelMode = (typeof LABEL_MODE_VALUES)[number];

/** What a service had before it said anything: a label printed at home, collected or dropped off. */
export const DEFAULT_HANDOVER: Handover = 'both';
export const DEFAULT_LABEL_MODE: LabelMode = 'printed';

export const HANDOVER_LABELS: Readonly<Record<Handover, string>> = {
  collection: 'Collected from your door',
  drop_off: 'Drop off at a point',
  both: 'Collection or drop-off',
};

/** One sentence for a popup or a card: what the sender does. */
export const HANDOVER_DESCRIPTIONS: Readonly<Record<Handover, string>> = {
  collection: 'The courier collects the parcel from the collection address.',
  drop_off: 'Take the parcel to one of the courier’s drop-off points; you choose one when you book.',
  both: 'Have the parcel collected, or take it to one of the courier’s drop-off points.',
};

export const LABEL_MODE_LABELS: Readonly<Record<LabelMode, string>> = {
  printed: 'Printer required',
  printerless: 'No printer needed',
};

export const LABEL_MODE_DESCRIPTIONS: Readonly<Record<LabelMode, string>> = {
  printed: 'Print the label and any documents and fix them to the parcel before collection or drop-off.',
  printerless: 'Show the QR code from your confirmation at the drop-off point: they print the label for you.',
};

/** Whether a service takes parcels at drop-off points (and so needs one chosen, or offers one). */
export function takesDropOff(handover: Handover): boolean {
  return handover !== 'collection';
}

/** Whether a drop-off point must be chosen: a service that is never collected. */
export function needsDropOffPoint(handover: Handover): boolean {
  return handover === 'drop_off';
}

/** Monday first, as UK opening hours are written; the keys of a point's weekly hours. */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Readonly<Record<Weekday, string>> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** The weekday of a calendar date (YYYY-MM-DD), which has no time zone of its own. */
export function weekdayOf(date: string): Weekday {
  const sundayFirst = new Date(`${date}T12:00:00Z`).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7] as Weekday;
}

/** One opening of a day, 24-hour "HH:MM" local time; `closes` after `opens`. */
export type OpeningInterval = { opens: string; closes: string };

/** "09:00–17:30, 18:00–20:00", or "Closed" for a day without openings. */
export function formatOpenings(intervals: readonly OpeningInterval[]): string {
  if (intervals.length === 0) return 'Closed';
  return intervals.map((i) => `${i.opens}–${i.closes}`).join(', ');
}

const RANGE = /^(\d{1,2}:\d{2})-(\d{1,2}:\d{2})$/;
const pad = (time: string) => time.padStart(5, '0');

/**
 * A day's openings as people write them (the points' CSV and the courier's form): "09:00-17:30",
 * several separated by spaces or commas; "closed" or empty for a closed day. Null when unreadable;
 * the times themselves are checked by the API.
 */
export function parseOpenings(text: string): OpeningInterval[] | null {
  const value = text.trim().toLowerCase();
  if (value === '' || value === 'closed') return [];
  const openings: OpeningInterval[] = [];
  for (const range of value
    .replace(/\s*[-–]\s*/g, '-')
    .split(/[\s,;]+/)
    .filter(Boolean)) {
    const match = RANGE.exec(range);
    if (!match) return null;
    openings.push({ opens: pad(match[1] as string), closes: pad(match[2] as string) });
  }
  return openings;
}

/** The inverse of parseOpenings: "09:00-12:00 13:00-17:00", or "" for a closed day. */
export function openingsText(openings: readonly OpeningInterval[]): string {
  return openings.map((o) => `${o.opens}-${o.closes}`).join(' ');
}

export type ClosedDateText = { date: string; reason?: string };

/** "2026-12-25 Christmas Day; 2026-12-26": dates separated by semicolons, each with an optional reason. */
export function parseClosedDates(text: string): ClosedDateText[] | null {
  const dates: ClosedDateText[] = [];
  for (const entry of text
    .split(';')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^(\d{4}-\d{2}-\d{2})(?:\s+(.+))?$/.exec(entry);
    if (!match) return null;
    dates.push(match[2] ? { date: match[1] as string, reason: match[2] } : { date: match[1] as string });
  }
  return dates;
}

/** The inverse of parseClosedDates. */
export function closedDatesText(dates: readonly { date: string; reason?: string | null }[]): string {
  return dates.map((d) => (d.reason ? `${d.date} ${d.reason}` : d.date)).join('; ');
}
