import type { OutboxEmail } from '../../shared/api/client';

/** The first stand-alone 6-digit number of an email: the sign-in or sign-up code. */
export function extractCode(email: Pick<OutboxEmail, 'subject' | 'text'>): string | null {
  const match = /(?<![\d-])(\d{6})(?![\d-])/.exec(`${email.subject}\n${email.text}`);
  return match?.[1] ?? null;
}

export function newestFirst(items: OutboxEmail[]): OutboxEmail[] {
  return [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export type TextPart = { kind: 'text'; value: string } | { kind: 'link'; value: string };

/** Splits a plain-text body so URLs (reset links) can be rendered as links. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  const pattern = /https?:\/\/[^\s<>"')]+/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ kind: 'text', value: text.slice(last, start) });
    parts.push({ kind: 'link', value: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) });
  return parts;
}

const timeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}
