/**
 * The onboarding wizard's form (spec 2.7): what the inputs hold, the defaults of spec 9, the
 * Next gates of spec 5, and the conversion to and from the API's draft (prices in pence).
 */
import { minorUnitsToDecimal } from '@consign/shared/money';
import { parseMoney } from '../../lib/format';
import type { OnboardingAnswers } from '../../shared/api/vendor';

type Answers = OnboardingAnswers;
type Company = NonNullable<Answers['company']>;
type Services = NonNullable<Answers['services']>;
type Compliance = NonNullable<Answers['compliance']>;

export type CompanyType = NonNullable<Exclude<Company['companyType'], ''>>;
export type Country = NonNullable<NonNullable<Answers['contact']>['country']>;
export type DeliveryType = NonNullable<Services['deliveryTypes']>[number];
export type Vehicle = NonNullable<Services['vehicles']>[number];
export type VehicleType = Vehicle['type'];
export type RateCard = NonNullable<NonNullable<Answers['pricing']>['rateCards']>[number];
export type Weekday = keyof NonNullable<Compliance['businessHours']>;
export type Day = NonNullable<Compliance['businessHours']>[Weekday];
export type ChecklistItem = NonNullable<Compliance['documentsReady']>[number];

export const STEP_TITLES = ['Company', 'Contact', 'Services', 'Pricing', 'Compliance'] as const;
export const STEP_COUNT = STEP_TITLES.length;

export const COMPANY_TYPES: { value: CompanyType; label: string }[] = [
  { value: 'sole-proprietorship', label: 'Sole proprietorship' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'limited-company', label: 'Limited company' },
  { value: 'corporation', label: 'Corporation' },
  { value: 'franchise', label: 'Franchise' },
];
export const COUNTRIES: Country[] = ['United Kingdom', 'England', 'Scotland', 'Wales', 'Northern Ireland'];
export const DELIVERY_TYPES: DeliveryType[] = ['Same Day', 'Next Day', 'Express', 'Standard', 'Economy'];
export const VEHICLE_TYPES: VehicleType[] = ['Van', 'Truck', 'Car', 'Motorcycle', 'Bicycle'];
export const WEEKDAYS: { key: Weekday; label: string }[] = [
  { key: 'monday', label: 'Monday' },
  { key: 'tuesday', label: 'Tuesday' },
  { key: 'wednesday', label: 'Wednesday' },
  { key: 'thursday', label: 'Thursday' },
  { key: 'friday', label: 'Friday' },
  { key: 'saturday', label: 'Saturday' },
  { key: 'sunday', label: 'Sunday' },
];
export const CHECKLIST: { key: ChecklistItem; label: string }[] = [
  { key: 'businessLicense', label: 'Business licence or registration certificate' },
  { key: 'insuranceCertificate', label: 'Insurance certificate (if applicable)' },
  { key: 'vehicleDocuments', label: 'Vehicle registration documents' },
  { key: 'driverLicenses', label: 'Driver licences for all drivers' },
  { key: 'proofOfAddress', label: 'Proof of address' },
];

/** Everything the inputs hold; numbers the vendor types stay text until they are sent. */
export interface OnboardingForm {
  companyName: string;
  companyType: CompanyType | '';
  registrationNumber: string;
  vatNumber: string;
  yearsInBusiness: string;
  contactPerson: string;
  email: string;
  phone: string;
  website: string;
  address: string;
  city: string;
  postalCode: string;
  country: Country;
  serviceAreas: string[];
  coverageRadiusKm: string;
  deliveryTypes: DeliveryType[];
  vehicles: Vehicle[];
  /** Rate cards an earlier wizard saved (never quoted); the pricing step is the courier's services now. */
  rateCards: RateCard[];
  businessHours: Record<Weekday, Day>;
  hasInsurance: boolean;
  insuranceProvider: string;
  policyNumber: string;
  coverageAmount: string;
  documentsReady: ChecklistItem[];
}

const day = (from: string, to: string, open = true): Day => ({ open, from, to });

/** Spec 9: United Kingdom; Monday to Friday 09:00-17:00, Saturday 10:00-15:00, Sunday closed. */
export function defaultForm(): OnboardingForm {
  return {
    companyName: '',
    companyType: '',
    registrationNumber: '',
    vatNumber: '',
    yearsInBusiness: '',
    contactPerson: '',
    email: '',
    phone: '',
    website: '',
    address: '',
    city: '',
    postalCode: '',
    country: 'United Kingdom',
    serviceAreas: [],
    coverageRadiusKm: '',
    deliveryTypes: [],
    vehicles: [],
    rateCards: [],
    businessHours: {
      monday: day('09:00', '17:00'),
      tuesday: day('09:00', '17:00'),
      wednesday: day('09:00', '17:00'),
      thursday: day('09:00', '17:00'),
      friday: day('09:00', '17:00'),
      saturday: day('10:00', '15:00'),
      sunday: day('09:00', '17:00', false),
    },
    hasInsurance: false,
    insuranceProvider: '',
    policyNumber: '',
    coverageAmount: '',
    documentsReady: [],
  };
}

const numberText = (n: number | null | undefined) => (n == null ? '' : String(n));
const textNumber = (s: string) => {
  if (!s.trim()) return null;
  const n = Number(s);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/** The saved draft in the inputs, with the defaults for whatever was never saved. */
export function formFromAnswers(answers: Answers): OnboardingForm {
  const d = defaultForm();
  const {
    company: co = {},
    contact: ct = {},
    services: sv = {},
    pricing: pr = {},
    compliance: cp = {},
  } = answers;
  return {
    companyName: co.companyName ?? d.companyName,
    companyType: co.companyType ?? d.companyType,
    registrationNumber: co.registrationNumber ?? d.registrationNumber,
    vatNumber: co.vatNumber ?? d.vatNumber,
    yearsInBusiness: numberText(co.yearsInBusiness),
    contactPerson: ct.contactPerson ?? d.contactPerson,
    email: ct.email ?? d.email,
    phone: ct.phone ?? d.phone,
    website: ct.website ?? d.website,
    address: ct.address ?? d.address,
    city: ct.city ?? d.city,
    postalCode: ct.postalCode ?? d.postalCode,
    country: ct.country ?? d.country,
    serviceAreas: sv.serviceAreas ?? d.serviceAreas,
    coverageRadiusKm: numberText(sv.coverageRadiusKm),
    deliveryTypes: sv.deliveryTypes ?? d.deliveryTypes,
    vehicles: sv.vehicles ?? d.vehicles,
    rateCards: pr.rateCards ?? d.rateCards,
    businessHours: { ...d.businessHours, ...cp.businessHours },
    hasInsurance: cp.insurance?.hasInsurance ?? d.hasInsurance,
    insuranceProvider: cp.insurance?.provider ?? d.insuranceProvider,
    policyNumber: cp.insurance?.policyNumber ?? d.policyNumber,
    coverageAmount:
      cp.insurance?.coverageAmount == null ? '' : minorUnitsToDecimal(cp.insurance.coverageAmount),
    documentsReady: cp.documentsReady ?? d.documentsReady,
  };
}

/** What the courier already told us: its business details and its account's email. */
export interface KnownDetails {
  shopName?: string | null;
  addressLine1?: string | null;
  city?: string | null;
  postalCode?: string | null;
  website?: string | null;
  vatNumber?: string | null;
  accountEmail?: string | null;
}

/**
 * Fills the wizard's empty fields from what the courier already typed, so it is never asked the
 * same thing twice; anything it saved in the wizard, even a different value, is kept.
 */
export function prefillForm(form: OnboardingForm, known: KnownDetails): OnboardingForm {
  const keep = (current: string, value: string | null | undefined) =>
    current.trim() ? current : (value ?? '').trim();
  return {
    ...form,
    companyName: keep(form.companyName, known.shopName),
    vatNumber: keep(form.vatNumber, known.vatNumber),
    email: keep(form.email, known.accountEmail),
    website: keep(form.website, known.website),
    address: keep(form.address, known.addressLine1),
    city: keep(form.city, known.city),
    postalCode: keep(form.postalCode, known.postalCode),
  };
}

/** Opening and closing times every quarter hour, '00:00' to '23:45'. */
export const QUARTER_HOURS: readonly string[] = Array.from({ length: 96 }, (_, i) => {
  const minutes = i * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

/**
 * The times a business-hours list offers: the quarter hours plus a saved time off that grid.
 * Shown as 24-hour text in a list rather than a time input, which the browser renders in its own
 * locale ("09:00 AM") and cuts off in a narrow column.
 */
export function timeChoices(saved: string): readonly string[] {
  if (!/^\d{2}:\d{2}$/.test(saved) || QUARTER_HOURS.includes(saved)) return QUARTER_HOURS;
  return [...QUARTER_HOURS, saved].sort();
}

/** The draft the API stores; unreadable numbers are sent as empty rather than refused. */
export function answersFromForm(f: OnboardingForm): Answers {
  const years = textNumber(f.yearsInBusiness);
  return {
    company: {
      companyName: f.companyName,
      companyType: f.companyType,
      registrationNumber: f.registrationNumber,
      vatNumber: f.vatNumber,
      yearsInBusiness: years == null ? null : Math.floor(years),
    },
    contact: {
      contactPerson: f.contactPerson,
      email: f.email,
      phone: f.phone,
      website: f.website,
      address: f.address,
      city: f.city,
      postalCode: f.postalCode,
      country: f.country,
    },
    services: {
      serviceAreas: f.serviceAreas,
      coverageRadiusKm: textNumber(f.coverageRadiusKm),
      deliveryTypes: f.deliveryTypes,
      vehicles: f.vehicles,
    },
    // Only a draft from the earlier wizard holds rate cards; new answers have no pricing of their own.
    ...(f.rateCards.length > 0 ? { pricing: { rateCards: f.rateCards } } : {}),
    compliance: {
      businessHours: f.businessHours,
      insurance: {
        hasInsurance: f.hasInsurance,
        provider: f.insuranceProvider,
        policyNumber: f.policyNumber,
        coverageAmount: parseMoney(f.coverageAmount),
      },
      documentsReady: f.documentsReady,
    },
  };
}

const filled = (s: string) => s.trim().length > 0;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A problem of a step: its sentence, and the form field it belongs to when it has one. */
export type StepProblem = { message: string; field?: keyof OnboardingForm };

/**
 * What still blocks Next on a step (spec 5), as sentences; empty when the step may be left.
 * Step 4 needs one of the courier's services active (`services`: the list, undefined while it
 * loads), as the submission does. Step 5 is always allowed, except that an insured business names
 * its insurer and policy.
 */
export function stepProblems(
  step: number,
  f: OnboardingForm,
  services?: readonly { status: string }[],
): string[] {
  return stepFieldProblems(step, f, services).map((p) => p.message);
}

/** stepProblems with the field of each, so the form can name a problem at its field. */
export function stepFieldProblems(
  step: number,
  f: OnboardingForm,
  services?: readonly { status: string }[],
): StepProblem[] {
  const problems: StepProblem[] = [];
  const need = (ok: boolean, message: string, field?: keyof OnboardingForm) => {
    if (!ok) problems.push({ message, field });
  };
  switch (step) {
    case 1:
      need(filled(f.companyName), 'Enter the company name', 'companyName');
      need(f.companyType !== '', 'Choose the company type', 'companyType');
      need(textNumber(f.yearsInBusiness) !== null, 'Enter the years in business', 'yearsInBusiness');
      break;
    case 2:
      need(filled(f.contactPerson), 'Enter the contact person', 'contactPerson');
      need(EMAIL.test(f.email.trim()), 'Enter a valid email', 'email');
      need(filled(f.phone), 'Enter a phone number', 'phone');
      need(filled(f.address), 'Enter the street address', 'address');
      need(filled(f.city), 'Enter the city', 'city');
      need(filled(f.postalCode), 'Enter the postal code', 'postalCode');
      break;
    case 3:
      need(f.serviceAreas.length > 0, 'Add at least one service area', 'serviceAreas');
      need(f.deliveryTypes.length > 0, 'Choose at least one delivery type', 'deliveryTypes');
      break;
    case 4:
      if (services === undefined) need(false, 'Loading your courier services');
      else if (services.length === 0) need(false, 'Add at least one courier service');
      else
        need(
          services.some((s) => s.status === 'active'),
          'Set at least one of your services to Active',
        );
      break;
    case 5:
      if (f.hasInsurance) {
        need(filled(f.insuranceProvider), 'Enter the insurance provider', 'insuranceProvider');
        need(filled(f.policyNumber), 'Enter the policy number', 'policyNumber');
      }
      for (const { key, label } of WEEKDAYS) {
        const d = f.businessHours[key];
        need(!d.open || d.from < d.to, `${label}: closing time must be after opening time`);
      }
      break;
  }
  return problems;
}

/** A service area joins the list only when it is not empty and not already there (any case). */
export function addServiceArea(areas: string[], text: string): string[] {
  const area = text.trim();
  if (!area || areas.some((a) => a.toLowerCase() === area.toLowerCase())) return areas;
  return [...areas, area];
}

/** 'count x type - capacity', as the list shows a vehicle. */
export const vehicleLabel = (v: Vehicle) => `${v.count} x ${v.type} - ${v.capacity}`;
