import type { OnboardingAnswers } from './onboarding.schemas';

/** The business details (PATCH /vendors/me) that onboarding also asks for. */
export type OnboardedDetails = {
  shopName: string | null;
  addressLine1: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
  vatNumber: string | null;
};

const VAT = /^GB(\d{9}|\d{12})$/;
const POSTCODE = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

const filled = (v: string | undefined) => {
  const text = v?.trim();
  return text ? text : undefined;
};

/**
 * What submitted onboarding answers fill in on the business details, so a courier does not type
 * them twice: only fields still empty there (what the courier set itself wins), and only values
 * the business details would accept (a VAT number as GB and 9 or 12 digits, a postcode's
 * characters). Every onboarding country is in the United Kingdom.
 */
export function detailsFromOnboarding(
  current: OnboardedDetails,
  answers: OnboardingAnswers,
): Partial<OnboardedDetails> {
  const vat = answers.company?.vatNumber?.replace(/[\s.-]/g, '').toUpperCase();
  const postcode = filled(answers.contact?.postalCode)?.toUpperCase();
  const offered: Partial<OnboardedDetails> = {
    shopName: filled(answers.company?.companyName),
    addressLine1: filled(answers.contact?.address),
    city: filled(answers.contact?.city),
    postalCode: postcode && POSTCODE.test(postcode) ? postcode : undefined,
    country: answers.contact?.country ? 'GB' : undefined,
    vatNumber: vat && VAT.test(vat) ? vat : undefined,
  };
  const patch: Partial<OnboardedDetails> = {};
  for (const key of Object.keys(offered) as (keyof OnboardedDetails)[]) {
    if (offered[key] !== undefined && !current[key]?.trim()) patch[key] = offered[key];
  }
  return patch;
}
