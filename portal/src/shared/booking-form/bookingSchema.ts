/**
 * The booking form's rules (step 1), as the API's order schema
 * states them. Pure: the page, the post-a-job form and the tests share them.
 */

import { isValidEmail } from '@consign/shared/accounts';
import { postcodeRequired, regionRule } from '@consign/shared/addresses';
import { type CollectionDaysWire, calendarOf, collectionDateProblem } from '@consign/shared/collection-days';
import { isUkPostcode } from '@consign/shared/postcodes';
import { z } from 'zod';
import { parseMoney } from '../../lib/format';
import type { BookingValues, CustomsValues } from './formValues';

export const messages = {
  fillRequired: 'Please fill in all required fields',
  acceptTerms: 'Please accept the Terms and Conditions',
  validated: 'Form validated successfully! Please complete your payment.',
  fixErrors: 'Please correct the highlighted fields',
  invalidEmail: 'Not a valid email',
  phone: 'Contact number must be 7 to 20 digits, spaces or brackets',
  postcode: 'Enter a valid UK postcode, such as SW1A 1AA',
  dateInPast: 'Collection date cannot be before today',
  contentValue: 'Enter the value in pounds, such as 25.00',
  cover: 'Choose a cover option (No extended cover is a choice)',
  documentType: 'Choose a document type',
  reasonForExport: 'Choose a reason for export',
  senderType: 'Choose whether the sender is a private individual or a company',
  recipientType: 'Choose whether the recipient is a private individual or a company',
  senderCompanyName: 'Sender company name is required',
  recipientCompanyName: 'Recipient company name is required',
  eori: (who: string) =>
    `${who} EORI number must be 2 letters then up to 15 letters or digits, such as GB123456789000`,
  itemsRequired: 'Add at least one item to the breakdown of contents',
  description: "Description may contain letters, numbers, spaces and , . - / % & ' ( ) + only",
  hsCode: 'HS code must be 6 to 10 digits',
  quantity: 'Quantity must be a whole number of at least 1',
  unitValue: 'Unit value must be at least 0.01, with at most 2 decimals',
  originCountry: 'Choose the country of manufacture',
} as const;

export const required = (label: string) => `${label} is required`;

/** Errors that mean "something required was left empty": the required-fields toast names those. */
export function isRequiredMessage(message: string | undefined): boolean {
  return (
    !!message &&
    (message.endsWith(' is required') ||
      message === messages.cover ||
      message === messages.itemsRequired ||
      message.startsWith('Choose '))
  );
}

/** The API's phone rule: digits with optional +, spaces, brackets and dashes. */
export const PHONE = /^\+?[0-9 ()-]{7,20}$/;
const EORI = /^[A-Z]{2}[A-Z0-9]{1,15}$/;
/** The API's rule: words in any alphabet, figures, and the punctuation of "Wool scarf, 100% merino". */
const DESCRIPTION = /^[\p{L}\p{N} ,.\-/%&'()+]+$/u;
const HS_CODE = /^\d{6,10}$/;

const text = (label: string, max: number) =>
  z.string().trim().min(1, required(label)).max(max, `${label} must be at most ${max} characters`);

export const addressSchema = z
  .object({
    name: text('Name', 120),
    email: z
      .string()
      .trim()
      .min(1, required('Email'))
      .refine((v) => v === '' || isValidEmail(v), messages.invalidEmail),
    phone: z
      .string()
      .trim()
      .min(1, required('Contact number'))
      .refine((v) => v === '' || PHONE.test(v), messages.phone),
    line1: text('Street', 200),
    line2: z.string().trim().max(200, 'Address line 2 must be at most 200 characters'),
    town: text('Town', 100),
    // What the country needs (@consign/shared/addresses, the API's rule too): a UK county, a US
    // state, no postcode in Dubai; Paris has no county.
    county: z.string().trim().max(100, 'County must be at most 100 characters'),
    postcode: z.string().trim().max(16, 'Postcode must be at most 16 characters'),
    country: z.string().min(1, required('Country')),
  })
  // Checked even while other fields are empty (`when`), so one submit names every problem.
  .refine((address) => !regionRule(address.country).required || address.county.trim() !== '', {
    error: (issue) => required(regionRule((issue.input as { country: string }).country).label),
    path: ['county'],
    when: ({ value }) => {
      const v = value as { country?: unknown; county?: unknown } | undefined;
      return typeof v?.country === 'string' && typeof v.county === 'string';
    },
  })
  .refine((address) => !postcodeRequired(address.country) || address.postcode.trim() !== '', {
    message: required('Postcode'),
    path: ['postcode'],
    when: ({ value }) => {
      const v = value as { country?: unknown; postcode?: unknown } | undefined;
      return typeof v?.country === 'string' && typeof v.postcode === 'string';
    },
  })
  .superRefine((address, ctx) => {
    if (address.country === 'GB' && address.postcode.trim() && !isUkPostcode(address.postcode)) {
      ctx.addIssue({ code: 'custom', path: ['postcode'], message: messages.postcode });
    }
  });

const customsSchema = z
  .object({
    documentType: z.string().min(1, messages.documentType),
    reasonForExport: z.string().min(1, messages.reasonForExport),
    senderType: z.string().min(1, messages.senderType),
    recipientType: z.string().min(1, messages.recipientType),
    senderEori: z.string(),
    recipientEori: z.string(),
    senderCompanyName: z.string().max(120, 'Sender company name must be at most 120 characters'),
    recipientCompanyName: z.string().max(120, 'Recipient company name must be at most 120 characters'),
  })
  .superRefine((customs, ctx) => {
    // A company's declaration is made in the company's name.
    if (customs.senderType === 'company' && !customs.senderCompanyName.trim()) {
      ctx.addIssue({ code: 'custom', path: ['senderCompanyName'], message: messages.senderCompanyName });
    }
    if (customs.recipientType === 'company' && !customs.recipientCompanyName.trim()) {
      ctx.addIssue({
        code: 'custom',
        path: ['recipientCompanyName'],
        message: messages.recipientCompanyName,
      });
    }
    const eori: [keyof CustomsValues, string][] = [
      ['senderEori', 'Sender'],
      ['recipientEori', 'Recipient'],
    ];
    for (const [key, who] of eori) {
      const value = customs[key].trim().toUpperCase();
      if (value && !EORI.test(value))
        ctx.addIssue({ code: 'custom', path: [key], message: messages.eori(who) });
    }
  });

export const itemSchema = z.object({
  description: text('Description', 100).refine(
    (v) => v === '' || DESCRIPTION.test(v.trim()),
    messages.description,
  ),
  hsCode: z
    .string()
    .trim()
    .min(1, required('HS code'))
    .refine((v) => v === '' || HS_CODE.test(v), messages.hsCode),
  quantity: z
    .string()
    .trim()
    .min(1, required('Quantity'))
    .refine(
      (v) => v === '' || (/^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 10_000),
      messages.quantity,
    ),
  unitValue: z
    .string()
    .trim()
    .min(1, required('Unit value'))
    .refine((v) => {
      if (v === '') return true;
      const pence = parseMoney(v);
      return pence !== null && pence >= 1;
    }, messages.unitValue),
  originCountry: z.string().min(1, messages.originCountry),
});

export interface BookingRules {
  international: boolean;
  /** Today's date in the UK, 'YYYY-MM-DD'. */
  today: string;
  /**
   * The API's collection calendar (working days, bank holidays, the cut-off): the date is held to
   * the booking's own rule with it. Until it arrives only "not before today" is checked here.
   */
  collectionDays?: CollectionDaysWire | undefined;
  /** Cover amounts that may be chosen (pence); 0 is always allowed. */
  coverAmounts: readonly number[];
  /** Booking needs a cover choice; a posted job has no cover. */
  requireCover?: boolean;
  /** The terms box (a job form has its own). */
  requireTerms?: boolean;
}

/** The whole step-1 form. Built per quote: international and the cover tiers change the rules. */
export function bookingSchema(rules: BookingRules) {
  const requireCover = rules.requireCover ?? true;
  const requireTerms = rules.requireTerms ?? true;
  return z
    .object({
      collection: addressSchema,
      delivery: addressSchema,
      collectionDate: z.string().min(1, required('Collection date')),
      contents: text('Package content', 200),
      contentValue: z.string().trim().min(1, required('Content value')),
      notes: z.string().max(1000, 'Courier notes must be at most 1000 characters'),
      cover: z.string(),
      customs: z.unknown(),
      items: z.array(z.unknown()),
      terms: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (values.collectionDate && !/^\d{4}-\d{2}-\d{2}$/.test(values.collectionDate)) {
        ctx.addIssue({
          code: 'custom',
          path: ['collectionDate'],
          message: 'Enter a date such as 2026-05-01',
        });
      } else if (values.collectionDate) {
        const problem = rules.collectionDays
          ? collectionDateProblem(values.collectionDate, calendarOf(rules.collectionDays))
          : values.collectionDate < rules.today
            ? messages.dateInPast
            : null;
        if (problem) ctx.addIssue({ code: 'custom', path: ['collectionDate'], message: problem });
      }
      if (values.contentValue.trim() && parseMoney(values.contentValue) === null) {
        ctx.addIssue({ code: 'custom', path: ['contentValue'], message: messages.contentValue });
      }
      if (requireCover) {
        const amount = values.cover === '' ? Number.NaN : Number(values.cover);
        if (!(amount === 0 || rules.coverAmounts.includes(amount))) {
          ctx.addIssue({ code: 'custom', path: ['cover'], message: messages.cover });
        }
      }
      if (rules.international) {
        const customs = customsSchema.safeParse(values.customs);
        if (!customs.success) {
          for (const issue of customs.error.issues) {
            ctx.addIssue({ code: 'custom', path: ['customs', ...issue.path], message: issue.message });
          }
        }
        if (values.items.length === 0) {
          ctx.addIssue({ code: 'custom', path: ['items'], message: messages.itemsRequired });
        }
        values.items.forEach((item, index) => {
          const parsed = itemSchema.safeParse(item);
          if (parsed.success) return;
          for (const issue of parsed.error.issues) {
            ctx.addIssue({ code: 'custom', path: ['items', index, ...issue.path], message: issue.message });
          }
        });
      }
      if (requireTerms && !values.terms) {
        ctx.addIssue({ code: 'custom', path: ['terms'], message: messages.acceptTerms });
      }
    });
}

/** Flat `path -> message` errors, first message per field; empty when the form is valid. */
export function validateBooking(values: BookingValues, rules: BookingRules): Record<string, string> {
  const result = bookingSchema(rules).safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * Which toast a failed submit shows: missing required fields first ('Please fill in all
 * required fields'), then the unticked terms box, then anything else.
 */
export function submitProblem(messagesFound: readonly string[]): string {
  const others = messagesFound.filter((m) => m !== messages.acceptTerms);
  if (others.some(isRequiredMessage)) return messages.fillRequired;
  if (messagesFound.includes(messages.acceptTerms) && others.length === 0) return messages.acceptTerms;
  return messages.fixErrors;
}
