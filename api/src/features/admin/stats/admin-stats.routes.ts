import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../../lib/auth';
import { bearerSecurity, jsonContent, pickProblems } from '../../../lib/openapi';

export const AdminDashboardSchema = z
  .object({
    today: z
      .string()
      .openapi({ description: 'The UK calendar day the figures end on', example: '2026-03-11' }),
    vendorsPending: z.number().int().openapi({ description: 'Vendors waiting for activation' }),
    ordersToday: z
      .number()
      .int()
      .openapi({ description: 'Orders paid today (UK day) and not cancelled, any currency' }),
    revenueToday: z.object({ amount: z.number().int(), currency: z.literal('GBP') }),
    revenueByDay: z.array(z.object({ day: z.string(), amount: z.number().int() })).openapi({
      description: 'GBP paid per UK day over the last 30 days, cancelled orders excluded; minor units',
    }),
    quotesByDay: z
      .array(z.object({ day: z.string(), count: z.number().int() }))
      .openapi({ description: 'Quotes made per UK day over the last 30 days' }),
    otherCurrencyOrders: z
      .number()
      .int()
      .openapi({ description: 'Orders in the 30 days paid in another currency (not in the GBP revenue)' }),
  })
  .openapi('AdminDashboard');

export const getDashboard = createRoute({
  operationId: 'adminDashboard',
  method: 'get',
  path: '/admin/stats/dashboard',
  tags: ['Admin'],
  summary: 'The console dashboard: vendors waiting, orders and revenue today, revenue and quotes per day',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  responses: { 200: jsonContent(AdminDashboardSchema, 'The figures'), ...pickProblems(401, 403) },
});
