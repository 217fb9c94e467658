/**
 * The console's message keys as a type, read off the English messages (en.ts), so a key that
 * does not exist is a compile error, including one built from a status
 * (`consign.orders.status.${status}`): the status labels are derived from the shared status
 * table, so a new status has its messages without an edit here.
 */
import { useTranslate } from 'react-admin';
import type { en } from './en';

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A key of Consign's messages, or one of react-admin's own (`ra.action.save`). */
export type MessageKey = Leaves<typeof en> | `ra.${string}`;

/** The keys `<key>_title` and `<key>_content` both exist for: a reasoned action's question. */
export type PromptKey = {
  [K in MessageKey]: K extends `${infer P}_title` ? (`${P}_content` extends MessageKey ? P : never) : never;
}[MessageKey];

/** A reasoned action's dialog: its title and its text. */
export const promptTitle = (prompt: PromptKey) => `${prompt}_title` as MessageKey;
export const promptContent = (prompt: PromptKey) => `${prompt}_content` as MessageKey;

/** A message key where react-admin takes a plain string (a `label`, a choice's `name`). */
export const msg = <K extends MessageKey>(key: K): K => key;

/** react-admin's translate, taking message keys only. */
export function useT(): (key: MessageKey, options?: Record<string, unknown>) => string {
  return useTranslate();
}
