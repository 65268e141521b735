/**
 * The people at a lead's company (issue 14): the departments and seniorities a person is filed
 * under, in their own module so the browser takes these few names without the field rules.
 */

/** Where a person works; a search ranks companies with a named purchasing or management contact first. */
export const DEPARTMENTS = [
  'purchasing',
  'management',
  'sales',
  'marketing',
  'operations',
  'logistics',
  'engineering',
  'finance',
  'other',
] as const;
export type Department = (typeof DEPARTMENTS)[number];

/** The departments that decide what a buyer buys: a named person there is a "buyer-side contact". */
export const BUYER_SIDE_DEPARTMENTS: readonly Department[] = ['purchasing', 'management'];
/** The departments that speak for a supplier: a search for suppliers ranks a named one first. */
export const SELLER_SIDE_DEPARTMENTS: readonly Department[] = ['sales', 'management'];

/** How senior a person is, most senior first. */
export const SENIORITIES = ['owner', 'executive', 'director', 'manager', 'staff'] as const;
export type Seniority = (typeof SENIORITIES)[number];
