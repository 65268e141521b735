import type { CompanyType } from '../../contract/companies.ts';
import type { Understood } from './understanding.ts';

/**
 * Kinds of company asked for (issue 32, item 3): what a kind word means to the search.
 *
 * - **An importer by its records.** A buyer with import records of an asked product is an importer
 *   of it, whatever kind its listing gives (80% of the demo's buyers of every kind have records).
 * - **Resellers rank, they are not filtered.** "importers", "distributors", "wholesalers" (进口商,
 *   经销商, 批发商) mean buyers who resell: every buyer that resells (those four kinds and retailers,
 *   less any kind the sentence leaves out) is found, and those of an asked kind come first. The
 *   card and the answer say which are of another kind.
 * - **"Only" filters.** "only importers", "importers only", "只要进口商", "仅限经销商": only the
 *   kinds asked (and, for importers, the buyers with records of the product).
 * - Retailers, brands, contractors and manufacturers are kinds of business, not ways to reach a
 *   market: asked alone they filter.
 */

/** Buyers that resell what they buy. */
export const RESELLERS: readonly CompanyType[] = ['importer', 'distributor', 'wholesaler', 'retailer'];
/** The kinds whose words mean "buyers who resell" and so rank rather than filter. */
const RANKED: readonly CompanyType[] = ['importer', 'distributor', 'wholesaler'];

export interface KindMatch {
  /** The kinds asked: a lead of one of them fits. */
  fit: CompanyType[];
  /** A buyer with records of an asked product fits too (importers were asked for buyers). */
  byRecords: boolean;
  /** The kinds also found, after those that fit (ranked); null: only those that fit (filtered). */
  among: CompanyType[] | null;
}

/** What the asked kinds of company mean for a search; null when none was asked. */
export function kindMatch(
  understood: Pick<Understood, 'role' | 'conditions' | 'excluded'>,
): KindMatch | null {
  const c = understood.conditions;
  if (!c.companyType) return null;
  const fit = c.companyTypes?.length ? [...c.companyTypes] : [c.companyType];
  const byRecords = understood.role === 'buyer' && fit.includes('importer');
  const ranked =
    understood.role === 'buyer' &&
    !c.companyTypeOnly &&
    fit.every((kind) => RESELLERS.includes(kind)) &&
    fit.some((kind) => RANKED.includes(kind));
  const left = new Set((understood.excluded?.kinds ?? []).map((kind) => kind.type));
  return {
    fit,
    byRecords,
    among: ranked ? RESELLERS.filter((kind) => fit.includes(kind) || !left.has(kind)) : null,
  };
}

/**
 * How a lead meets the asked kinds: 'listed' (its own kind is asked), 'records' (an importer by
 * its records of the asked product), 'reseller' (a buyer of another kind that resells: ranked
 * after); null when no kind was asked.
 */
export function kindFit(
  match: KindMatch | null,
  companyType: string,
  hasRecords: boolean,
): 'listed' | 'records' | 'reseller' | null {
  if (!match) return null;
  if ((match.fit as string[]).includes(companyType)) return 'listed';
  if (match.byRecords && hasRecords) return 'records';
  return 'reseller';
}
