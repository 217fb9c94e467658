import { createRoute, z } from '@hono/zod-openapi';
import { ReasonBodySchema } from '../../lib/audit';
import { requireAuth, requireRole } from '../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../lib/openapi';
import { raListHeaders } from '../../lib/ra-list';
import {
  CreatePartnerSchema,
  InviteBodySchema,
  InvitedUserSchema,
  PartnerIdParamsSchema,
  PartnerListQuerySchema,
  PartnerSchema,
  PartnerUserListSchema,
  UpdatePartnerSchema,
} from './partners.schemas';

const tags = ['Admin'];

export const listPartners = createRoute({
  operationId: 'adminListPartners',
  method: 'get',
  path: '/admin/partners',
  tags,
  summary: 'Partner shops with their orders and revenue, ra-data-simple-rest style',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { query: PartnerListQuerySchema },
  responses: {
    200: {
      description: 'One page of partners',
      headers: raListHeaders,
      content: { 'application/json': { schema: z.array(PartnerSchema) } },
    },
    ...pickProblems(401, 403, 422),
  },
});

export const getPartner = createRoute({
  operationId: 'adminGetPartner',
  method: 'get',
  path: '/admin/partners/{id}',
  tags,
  summary: 'One partner',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: PartnerIdParamsSchema },
  responses: { 200: jsonContent(PartnerSchema, 'The partner'), ...pickProblems(401, 403, 404) },
});

export const createPartner = createRoute({
  operationId: 'adminCreatePartner',
  method: 'post',
  path: '/admin/partners',
  tags,
  summary: 'Create a partner and its first publishable key',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { body: jsonBody(CreatePartnerSchema) },
  responses: { 201: jsonContent(PartnerSchema, 'The new partner'), ...pickProblems(401, 403, 422) },
});

export const updatePartner = createRoute({
  operationId: 'adminUpdatePartner',
  method: 'put',
  path: '/admin/partners/{id}',
  tags,
  summary: 'Rename a partner, change its allowed origins or rate limit, disable or enable it',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: PartnerIdParamsSchema, body: jsonBody(UpdatePartnerSchema) },
  responses: { 200: jsonContent(PartnerSchema, 'The partner'), ...pickProblems(401, 403, 404, 422) },
});

export const rotatePartnerKey = createRoute({
  operationId: 'adminRotatePartnerKey',
  method: 'post',
  path: '/admin/partners/{id}/rotate-key',
  tags,
  summary:
    'Issue a new publishable key, with a reason for the audit log; the old one keeps working for 24 hours',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: PartnerIdParamsSchema, body: jsonBody(ReasonBodySchema) },
  responses: { 200: jsonContent(PartnerSchema, 'The partner'), ...pickProblems(401, 403, 404, 422) },
});

export const listPartnerUsers = createRoute({
  operationId: 'adminListPartnerUsers',
  method: 'get',
  path: '/admin/partners/{id}/users',
  tags,
  summary: "The partner's people: invited (no password yet) or active",
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: PartnerIdParamsSchema },
  responses: { 200: jsonContent(PartnerUserListSchema, 'The users'), ...pickProblems(401, 403, 404) },
});

export const invitePartnerUser = createRoute({
  operationId: 'adminInvitePartnerUser',
  method: 'post',
  path: '/admin/partners/{id}/invites',
  tags,
  summary: 'Invite someone to the partner: a partner account and an email with a set-password link',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: PartnerIdParamsSchema, body: jsonBody(InviteBodySchema) },
  responses: { 201: jsonContent(InvitedUserSchema, 'Invited'), ...pickProblems(401, 403, 404, 409, 422) },
});
