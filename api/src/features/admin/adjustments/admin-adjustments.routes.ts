import { adminGet, adminList } from '../admin.resource';
import { AdminAdjustmentListQuerySchema, AdminAdjustmentSchema } from './admin-adjustments.schemas';
import { AdminAdjustmentsService } from './admin-adjustments.service';

export const listAdjustments = adminList({
  resource: 'adjustments',
  operationId: 'adminListAdjustments',
  summary:
    'Price adjustments, oldest first unless sorted otherwise; `filter={"status":"disputed"}` is the staff queue',
  description: 'One page of adjustments, each with its customer and courier',
  query: AdminAdjustmentListQuerySchema,
  item: AdminAdjustmentSchema,
  read: (deps, list) => new AdminAdjustmentsService(deps).list(list),
});

export const getAdjustment = adminGet({
  resource: 'adjustments',
  operationId: 'adminGetAdjustment',
  summary: 'One price adjustment with its customer and courier: booked and measured figures, photos, dispute',
  description: 'The adjustment',
  item: AdminAdjustmentSchema,
  read: (deps, id) => new AdminAdjustmentsService(deps).get(id),
});
