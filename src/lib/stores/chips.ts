import type { SearchConditionKey, SearchCriteria, SearchUnderstood } from '../../../contract/api.ts';
import { editSearch } from './chat.ts';

/** An answer's chips: what its search looked for, each part removable, and the role to switch. */

/** One removable part of a search, as its chip names it. */
export type Chip =
  | { kind: 'region'; id: string; label: string; countries: string[] }
  | { kind: 'country'; id: string; label: string }
  | { kind: 'product'; id: string; label: string }
  | { kind: 'condition'; id: SearchConditionKey; label: string };

/**
 * The chips of what was understood, in order: each region as one chip (its countries are not
 * shown apart), the countries named on their own, the products, the conditions.
 */
export function answerChips(u: SearchUnderstood): Chip[] {
  const inRegions = new Set(u.regions.flatMap((r) => r.countries));
  return [
    ...u.regions.map((r) => ({ kind: 'region' as const, id: r.id, label: r.name, countries: r.countries })),
    ...u.countries
      .filter((c) => !inRegions.has(c.code))
      .map((c) => ({ kind: 'country' as const, id: c.code, label: c.name })),
    ...u.products.map((p) => ({ kind: 'product' as const, id: p.id, label: p.name })),
    ...u.conditions.map((c) => ({ kind: 'condition' as const, id: c.key, label: c.label })),
  ];
}

/** Whether a chip may be removed: a search keeps at least one product. */
export function canRemove(criteria: SearchCriteria, chip: Chip): boolean {
  return chip.kind !== 'product' || criteria.products.some((id) => id !== chip.id);
}

/** The criteria without a chip: a region takes its countries with it; no country left is any country. */
export function withoutChip(criteria: SearchCriteria, chip: Chip): SearchCriteria {
  const drop = (ids: string[], gone: readonly string[]) => ids.filter((id) => !gone.includes(id));
  switch (chip.kind) {
    case 'region':
      return {
        ...criteria,
        regions: drop(criteria.regions, [chip.id]),
        countries: drop(criteria.countries, chip.countries),
      };
    case 'country':
      return { ...criteria, countries: drop(criteria.countries, [chip.id]) };
    case 'product':
      return { ...criteria, products: drop(criteria.products, [chip.id]) };
    case 'condition': {
      const conditions = { ...criteria.conditions };
      delete conditions[chip.id];
      // One chip shows every kind asked ("进口商或批发商", "only importers"): removing it removes them all.
      if (chip.id === 'company_type') {
        delete conditions.company_types;
        delete conditions.company_type_only;
      }
      return { ...criteria, conditions };
    }
  }
}

/** Searches again without a chip, in the same conversation (the last product stays). */
export async function removeChip(u: SearchUnderstood, chip: Chip): Promise<void> {
  if (canRemove(u.criteria, chip)) await editSearch(withoutChip(u.criteria, chip));
}

/** Searches again for the other role (buyers or suppliers), everything else kept. */
export async function switchRole(u: SearchUnderstood, role: SearchCriteria['role']): Promise<void> {
  if (role !== u.criteria.role) await editSearch({ ...u.criteria, role });
}
