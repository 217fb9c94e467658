import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { requireAuth, requireRole } from '../../lib/auth';
import { problemBody, problemResponse } from '../../lib/errors';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../lib/openapi';
import { multipartHygiene } from '../../lib/request-hygiene';
import { FILE_TOO_LARGE, MAX_UPLOAD_BYTES, MULTIPART_OVERHEAD_BYTES } from '../uploads';
import {
  DocumentIdParamSchema,
  OnboardingSchema,
  SaveOnboardingBodySchema,
  UploadDocumentBodySchema,
  VendorDocumentListSchema,
  VendorDocumentSchema,
} from './onboarding.schemas';
import { UpdateVendorBodySchema, VendorSchema } from './vendors.schemas';

const tags = ['Vendors'];

export const getMyVendor = createRoute({
  operationId: 'getMyVendor',
  method: 'get',
  path: '/vendors/me',
  tags,
  summary: "The caller's vendor business, with its status",
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  responses: { 200: jsonContent(VendorSchema, 'The vendor'), ...pickProblems(401, 403) },
});

export const updateMyVendor = createRoute({
  operationId: 'updateMyVendor',
  method: 'patch',
  path: '/vendors/me',
  tags,
  summary: 'Fill in or change the business details (the status is changed only by an admin)',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { body: jsonBody(UpdateVendorBodySchema) },
  responses: { 200: jsonContent(VendorSchema, 'The updated vendor'), ...pickProblems(401, 403, 422) },
});

export const getMyOnboarding = createRoute({
  operationId: 'getMyOnboarding',
  method: 'get',
  path: '/vendors/me/onboarding',
  tags,
  summary: "The onboarding wizard's saved answers and the step to resume at",
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  responses: {
    200: jsonContent(OnboardingSchema, 'The onboarding draft or submission'),
    ...pickProblems(401, 403),
  },
});

export const saveMyOnboarding = createRoute({
  operationId: 'saveMyOnboarding',
  method: 'put',
  path: '/vendors/me/onboarding',
  tags,
  summary: 'Save the onboarding draft (all answers so far and the current step)',
  description: 'Fields may be empty in a draft; the requirements of each step are checked on submission.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { body: jsonBody(SaveOnboardingBodySchema) },
  responses: {
    200: jsonContent(OnboardingSchema, 'Saved'),
    ...pickProblems(401, 403, 409, 422),
  },
});

export const submitMyOnboarding = createRoute({
  operationId: 'submitMyOnboarding',
  method: 'post',
  path: '/vendors/me/onboarding/submit',
  tags,
  summary: 'Complete onboarding: check every step and send the answers to staff for review',
  description:
    "The pricing step is the courier's own services (POST /couriers): at least one must be active, " +
    'else 422 with the field `courierServices`. Business details still empty (shop name, address, ' +
    'city, postcode, country, VAT number) are filled from the answers; what the vendor already set is kept.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { body: jsonBody(z.strictObject({}).openapi('EmptyRequest')) },
  responses: {
    200: jsonContent(OnboardingSchema, 'Submitted'),
    ...pickProblems(401, 403, 409, 422),
  },
});

export const DOCUMENTS_PATH = '/vendors/me/documents';

/** As for image uploads: stop reading a body once it passes 5 MB (see features/uploads). */
const documentBodyLimit = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
  onError: (c) => problemResponse(c, 413, problemBody(413, FILE_TOO_LARGE, { code: 'file_too_large' })),
});

export const listMyDocuments = createRoute({
  operationId: 'listMyDocuments',
  method: 'get',
  path: DOCUMENTS_PATH,
  tags,
  summary: "The vendor's business documents, newest first",
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  responses: { 200: jsonContent(VendorDocumentListSchema, 'The documents'), ...pickProblems(401, 403) },
});

export const uploadMyDocument = createRoute({
  operationId: 'uploadMyDocument',
  method: 'post',
  path: DOCUMENTS_PATH,
  tags,
  summary: 'Upload a business document (PNG, JPEG, WebP or PDF, at most 5 MB)',
  description:
    "The type is decided from the file's content. Documents are private: only the vendor and staff can " +
    'download them, through the `url` answered. They count towards the upload quota.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor'), documentBodyLimit, multipartHygiene] as const,
  request: {
    body: { required: true, content: { 'multipart/form-data': { schema: UploadDocumentBodySchema } } },
  },
  responses: {
    201: jsonContent(VendorDocumentSchema, 'Stored'),
    ...pickProblems(400, 401, 403, 413, 415, 422, 429),
  },
});

export const deleteMyDocument = createRoute({
  operationId: 'deleteMyDocument',
  method: 'delete',
  path: `${DOCUMENTS_PATH}/{documentId}`,
  tags,
  summary: 'Remove one of your business documents',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { params: DocumentIdParamSchema },
  responses: { 204: { description: 'Removed' }, ...pickProblems(401, 403, 404) },
});

export const downloadVendorDocument = createRoute({
  operationId: 'downloadVendorDocument',
  method: 'get',
  path: '/vendor-documents/{documentId}',
  tags,
  summary: 'Download a business document (its vendor or an admin only)',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: DocumentIdParamSchema },
  responses: {
    200: {
      description: 'The file, with its sniffed content type',
      content: {
        'application/pdf': { schema: z.string().openapi({ format: 'binary' }) },
        'image/*': { schema: z.string().openapi({ format: 'binary' }) },
      },
    },
    ...pickProblems(401, 404),
  },
});
