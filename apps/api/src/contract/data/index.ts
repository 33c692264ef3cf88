import { listJunkJobs } from './junk-jobs';
import { createLead, listLeads } from './leads';
import { getOrder, listOrders } from './orders';

/** The Data API's operations, declared once: validation, handler types and the OpenAPI document. */
export { DataJunkJob, JUNK_JOB_STATUSES, listJunkJobs } from './junk-jobs';
export { createLead, Lead, LeadBody, listLeads } from './leads';
export { DataOrder, getOrder, listOrders, ORDER_STATUSES } from './orders';

export const DATA_BASE = '/data/v1';

export const dataOperations = [listOrders, getOrder, listJunkJobs, listLeads, createLead];
