/**
 * The kinds of company a lead can be, in its own module so the browser takes these few names
 * without the field rules (contract/rules.ts).
 */

/** The kinds a search can ask for ("only importers", "经销商"), in the chips' order. */
export const COMPANY_TYPES = [
  'importer',
  'distributor',
  'wholesaler',
  'retailer',
  'brand',
  'contractor',
  'manufacturer',
] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** Every kind a lead is recorded as (`leads.company_type`): those a search asks for, and exporters. */
export const LEAD_COMPANY_TYPES = [...COMPANY_TYPES, 'exporter'] as const;
export type LeadCompanyType = (typeof LEAD_COMPANY_TYPES)[number];
