import { getCustomer, listCustomers } from './customers';
import { getEstimate, listEstimates } from './estimates';
import { getJunkJob, listJunkJobs } from './junk-jobs';
import { createLead, getLead, listLeads } from './leads';
import { getOrder, listOrders } from './orders';
import { listSizes } from './sizes';

/** The Data API's operations, declared once: validation, handler types and the OpenAPI document. */
export { CustomersQuery, DataCustomer, getCustomer, listCustomers } from './customers';
export { DataEstimate, ESTIMATE_STATUSES, EstimatesQuery, getEstimate, listEstimates } from './estimates';
export { DataJunkJob, getJunkJob, JUNK_JOB_STATUSES, JunkJobsQuery, listJunkJobs } from './junk-jobs';
export { createLead, getLead, Lead, LeadBody, LeadsQuery, listLeads } from './leads';
export { DataOrder, getOrder, listOrders, ORDER_STATUSES, OrdersQuery } from './orders';
export { DataSize, listSizes, SizesQuery } from './sizes';

export const DATA_BASE = '/data/v1';

export const dataOperations = [
  listOrders,
  getOrder,
  listCustomers,
  getCustomer,
  listEstimates,
  getEstimate,
  listSizes,
  listJunkJobs,
  getJunkJob,
  listLeads,
  getLead,
  createLead,
];
