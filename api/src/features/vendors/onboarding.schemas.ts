import { z } from '@hono/zod-openapi';

/*
 * The onboarding wizard (spec 2.7), step by step. Each step has two forms: the draft, saved as
 * the vendor types (every field optional, text may be empty), and the complete one checked on
 * submission (the wizard's Next gates, enforced by the server too). Both are strict: unknown
 * fields are refused. Money is integer minor units (pence), as everywhere in the API.
 */

export const COMPANY_TYPES = [
  'sole-proprietorship',
  'partnership',
  'limited-company',
  'corporation',
  'franchise',
] as const;
export const ONBOARDING_COUNTRIES = [
  'United Kingdom',
  'England',
  'Scotland',
  'Wales',
  'Northern Ireland',
] as const;
export const DELIVERY_TYPES = ['Same Day', 'Next Day', 'Express', 'Standard', 'Economy'] as const;
export const VEHICLE_TYPES = ['Van', 'Truck', 'Car', 'Motorcycle', 'Bicycle'] as const;
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export const DOCUMENT_CHECKLIST = [
  'businessLicense',
  'insuranceCertificate',
  'vehicleDocuments',
  'driverLicenses',
  'proofOfAddress',
] as const;

const text = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`);
const required = (label: string, max: number) => text(label, max).min(1, `${label} is required`);
const pence = (label: string) =>
  z
    .number(`${label} must be a number of pence`)
    .int(`${label} must be a whole number of pence`)
    .min(0, `${label} cannot be negative`)
    .max(100_000_000, `${label} is too large`);
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times are HH:MM, 24-hour');

const Vehicle = z
  .strictObject({
    type: z.enum(VEHICLE_TYPES),
    capacity: required('Vehicle capacity', 60),
    count: z
      .number()
      .int('Vehicle count must be a whole number')
      .min(1, 'Vehicle count must be at least 1')
      .max(10_000),
  })
  .openapi('OnboardingVehicle');

const RateCard = z
  .strictObject({
    serviceType: z.enum(DELIVERY_TYPES),
    basePrice: pence('Base price'),
    perKmPrice: pence('Per-km price').nullable().optional(),
    perKgPrice: pence('Per-kg price').nullable().optional(),
    minPrice: pence('Minimum price').nullable().optional(),
    maxDistanceKm: z.number().min(0, 'Maximum distance cannot be negative').max(20_000).nullable().optional(),
  })
  .openapi('OnboardingRateCard');

/**
 * A day as it is being typed: a time input half filled in reads as empty, and an opening time may
 * be changed before its closing time. A draft saves it as it stands; submitting checks it (Day).
 */
const DraftDay = z.strictObject({
  open: z.boolean(),
  from: z.union([time, z.literal('')]),
  to: z.union([time, z.literal('')]),
});

const Day = DraftDay.superRefine((d, ctx) => {
  if (!d.open) return;
  if (!d.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Opening time is required' });
  if (!d.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Closing time is required' });
  if (d.from && d.to && d.from >= d.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'Closing time must be after opening time' });
});

const week = <T extends z.ZodType>(day: T) =>
  z.strictObject(Object.fromEntries(WEEKDAYS.map((d) => [d, day])) as Record<(typeof WEEKDAYS)[number], T>);

const Insurance = z.strictObject({
  hasInsurance: z.boolean(),
  provider: text('Insurance provider', 120).optional(),
  policyNumber: text('Policy number', 60).optional(),
  coverageAmount: pence('Coverage amount').nullable().optional(),
});

/** Every field of each step, as a draft: all optional, text may be empty. */
const draftSteps = {
  company: z.strictObject({
    companyName: text('Company name', 120).optional(),
    companyType: z.union([z.enum(COMPANY_TYPES), z.literal('')]).optional(),
    registrationNumber: text('Registration number', 30).optional(),
    vatNumber: text('VAT number', 20).optional(),
    yearsInBusiness: z
      .number()
      .int('Years in business must be a whole number')
      .min(0)
      .max(500)
      .nullable()
      .optional(),
  }),
  contact: z.strictObject({
    contactPerson: text('Contact person', 120).optional(),
    email: text('Email', 254).optional(),
    phone: text('Phone', 30).optional(),
    website: text('Website', 300).optional(),
    address: text('Street address', 200).optional(),
    city: text('City', 100).optional(),
    postalCode: text('Postal code', 16).optional(),
    country: z.enum(ONBOARDING_COUNTRIES).optional(),
  }),
  services: z.strictObject({
    serviceAreas: z.array(required('Service area', 100)).max(100).optional(),
    coverageRadiusKm: z
      .number()
      .min(0, 'Coverage radius cannot be negative')
      .max(20_000)
      .nullable()
      .optional(),
    deliveryTypes: z.array(z.enum(DELIVERY_TYPES)).max(DELIVERY_TYPES.length).optional(),
    vehicles: z.array(Vehicle).max(50).optional(),
  }),
  pricing: z.strictObject({
    rateCards: z
      .array(RateCard)
      .max(50)
      .optional()
      .openapi({
        description:
          'Rate cards an earlier wizard asked for, kept for reading. The wizard now prices by the ' +
          "courier's services (POST /couriers); submitting needs one of them active.",
      }),
  }),
  compliance: z.strictObject({
    businessHours: week(DraftDay).optional(),
    insurance: Insurance.optional(),
    documentsReady: z.array(z.enum(DOCUMENT_CHECKLIST)).max(DOCUMENT_CHECKLIST.length).optional(),
  }),
};

export const OnboardingAnswersSchema = z
  .strictObject({
    company: draftSteps.company.optional(),
    contact: draftSteps.contact.optional(),
    services: draftSteps.services.optional(),
    pricing: draftSteps.pricing.optional(),
    compliance: draftSteps.compliance.optional(),
  })
  .openapi('OnboardingAnswers');

export type OnboardingAnswers = z.infer<typeof OnboardingAnswersSchema>;

/**
 * The gates of spec 5, checked when the vendor submits: steps 1 to 3 have required fields;
 * step 4 (pricing) needs an active courier service, which the submission checks itself;
 * step 5 is always allowed, but insurance details are needed once the vendor says it is insured.
 */
export const CompleteOnboardingSchema = z.strictObject({
  company: draftSteps.company.extend({
    companyName: required('Company name', 120),
    companyType: z.enum(COMPANY_TYPES, 'Choose a company type'),
    yearsInBusiness: z.number('Years in business is required').int().min(0).max(500),
  }),
  contact: draftSteps.contact.extend({
    contactPerson: required('Contact person', 120),
    email: z.email('Not a valid email'),
    phone: required('Phone', 30),
    address: required('Street address', 200),
    city: required('City', 100),
    postalCode: required('Postal code', 16),
  }),
  services: draftSteps.services.extend({
    serviceAreas: z.array(required('Service area', 100)).min(1, 'Add at least one service area').max(100),
    deliveryTypes: z.array(z.enum(DELIVERY_TYPES)).min(1, 'Choose at least one delivery type'),
  }),
  // Prices are the courier's services themselves (docs/couriers.md): the submission checks that one
  // is active. Rate cards saved by an earlier wizard stay readable here, for staff and the courier.
  pricing: draftSteps.pricing.optional(),
  compliance: draftSteps.compliance
    .extend({ businessHours: week(Day).optional() })
    .optional()
    .superRefine((c, ctx) => {
      if (!c?.insurance?.hasInsurance) return;
      if (!c.insurance.provider)
        ctx.addIssue({
          code: 'custom',
          path: ['insurance', 'provider'],
          message: 'Insurance provider is required',
        });
      if (!c.insurance.policyNumber)
        ctx.addIssue({
          code: 'custom',
          path: ['insurance', 'policyNumber'],
          message: 'Policy number is required',
        });
    }),
});

export const OnboardingStatusSchema = z
  .enum(['not_started', 'draft', 'submitted'])
  .openapi('OnboardingStatus');

export const OnboardingSchema = z
  .object({
    status: OnboardingStatusSchema.openapi({
      description: 'not_started until the first save; submitted once completed for staff review',
    }),
    step: z.number().int().min(1).max(5).openapi({ description: 'The wizard step to resume at' }),
    answers: OnboardingAnswersSchema,
    submittedAt: z.iso.datetime().nullable(),
    updatedAt: z.iso.datetime().nullable(),
  })
  .openapi('Onboarding');

export const SaveOnboardingBodySchema = z
  .strictObject({
    step: z.number().int().min(1, 'Step is 1 to 5').max(5, 'Step is 1 to 5'),
    answers: OnboardingAnswersSchema,
  })
  .openapi('SaveOnboardingRequest');

export const VendorDocumentSchema = z
  .object({
    id: z.string(),
    name: z.string().openapi({ description: 'The file name as uploaded' }),
    url: z.string().openapi({
      description: 'Authenticated download (bearer token of the vendor or an admin)',
      example: '/api/v1/vendor-documents/0197a5c2-7d0e-7c4b-9f5e-2f1c3b4a5d6e',
    }),
    contentType: z.string(),
    size: z.number().int(),
    uploadedAt: z.iso.datetime(),
  })
  .openapi('VendorDocument');

export const VendorDocumentListSchema = z
  .object({ items: z.array(VendorDocumentSchema) })
  .openapi('VendorDocumentList');

export const UploadDocumentBodySchema = z
  .strictObject({
    document: z
      .custom<File>((v) => v instanceof File, { message: 'Choose a file to upload' })
      .openapi({
        type: 'string',
        format: 'binary',
        description: 'A PNG, JPEG, WebP image or a PDF, at most 5 MB',
      }),
  })
  .openapi('UploadDocumentRequest');

export const DocumentIdParamSchema = z.object({
  documentId: z.string().openapi({ param: { name: 'documentId', in: 'path' } }),
});
