import type { components } from '@consign/api/client';

/**
 * Every record the console shows, as the admin API answers it: the generated schema
 * (api/client/schema.d.ts, from openapi.yaml), never a hand-written copy, so a contract change is
 * a type error here.
 */
type Schemas = components['schemas'];

export type Vendor = Schemas['AdminVendor'];
export type VendorDetail = Schemas['AdminVendorDetail'];
export type VendorStatus = Schemas['VendorStatus'];
export type CourierService = Schemas['CourierService'];
export type DropOffPoint = Schemas['AdminDropOffPoint'];
export type Order = Schemas['OrderDetail'];
/** An order as the order lists carry it (the page reads the whole Order). */
export type OrderSummary = Schemas['OrderSummary'];
export type OrderStatus = Schemas['OrderStatus'];
export type OrderAddress = Schemas['OrderAddress'];
export type Job = Schemas['Job'];
export type JobStatus = Schemas['JobStatus'];
export type AdminUser = Schemas['AdminUser'];
export type AdminSession = Schemas['AdminSession'];
export type AuditEntry = Schemas['AuditEntry'];
export type ContactMessage = Schemas['AdminContactMessage'];
export type AdminReview = Schemas['AdminReview'];
export type Article = Schemas['AdminArticle'];
export type AdminQuote = Schemas['AdminQuote'];
export type Partner = Schemas['Partner'];
export type DashboardStats = Schemas['AdminDashboard'];
export type ServiceType = Schemas['ServiceType'];
export type FinanceSummary = Schemas['FinanceSummary'];
export type VendorFinance = Schemas['VendorFinance'];
export type CommissionChange = Schemas['CommissionChange'];
export type PayoutBatch = Schemas['PayoutBatch'];
export type PayoutBatchDetail = Schemas['PayoutBatchDetail'];
export type PayoutItem = Schemas['PayoutItem'];
export type PayoutRun = Schemas['PayoutRun'];
/** A claim as the queue lists it; its page reads the AdminClaimDetail (with the timeline). */
export type AdminClaim = Schemas['AdminClaim'];
export type AdminClaimDetail = Schemas['AdminClaimDetail'];
export type ClaimStatus = Schemas['Claim']['status'];
export type StaffClaimDecision = Schemas['StaffClaimDecision'];
/** A price adjustment as staff list and read it, with its customer and courier. */
export type AdminAdjustment = Schemas['AdminAdjustment'];
export type AdjustmentStatus = Schemas['Adjustment']['status'];
