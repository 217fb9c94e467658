import { createRoute } from '@hono/zod-openapi';
import { requireAuth } from '../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../lib/openapi';
import { UpdateMeBodySchema, UserSchema } from './users.schemas';

const tags = ['Users'];

export const getMe = createRoute({
  operationId: 'getMe',
  method: 'get',
  path: '/users/me',
  tags,
  summary: 'The signed-in user',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  responses: { 200: jsonContent(UserSchema, 'The user'), ...pickProblems(401, 404) },
});

export const updateMe = createRoute({
  operationId: 'updateMe',
  method: 'patch',
  path: '/users/me',
  tags,
  summary: 'Update name, phone, address or avatar (the email cannot be changed here)',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { body: jsonBody(UpdateMeBodySchema) },
  responses: { 200: jsonContent(UserSchema, 'The updated user'), ...pickProblems(401, 404, 422) },
});
