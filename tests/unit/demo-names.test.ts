/**
 * Issue 35 "Demo realism": a demo company's people are named as people of its country are (no
 * "Hiroshi Johansson, CEO" of a Hamburg firm), from @faker-js/faker's locale for that country, and
 * the same on every run.
 */
import { de, ja } from '@faker-js/faker';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateLeads, type GeneratedLead } from '../../server/leads/generate.ts';
import { addressOf, inLatin, NAME_LOCALES } from '../../server/leads/names.ts';
import { COUNTRIES } from '../../server/leads/reference.ts';

const leads = generateLeads({ perMajor: 1, perOther: 1, asOf: new Date('2026-10-01T00:00:00Z') });

type Lists = Record<string, string[] | undefined> | undefined;
const words = (lists: Lists) => Object.values(lists ?? {}).flatMap((list) => list ?? []);

/** The given names and surnames of a country's locale, in Latin letters as the cards show them. */
function namesOf(iso2: string) {
  const locales = [NAME_LOCALES[iso2]!].flat();
  const first = new Set(
    locales.flatMap((l) => words(l.person?.first_name as Lists).map((w) => inLatin(w, 'first'))),
  );
  const last = new Set(
    locales.flatMap((l) => words(l.person?.last_name as Lists).map((w) => inLatin(w, 'last'))),
  );
  // Polish surnames agree with a woman: Domański, Domańska.
  if (iso2 === 'PL') for (const name of [...last]) last.add(name.replace(/(sk|ck|dzk)i$/, '$1a'));
  return { first, last };
}

/** Whether `text` is one surname of the list, or several joined as the locale joins them (García López, Feil-Volkman, Vela de Acevedo). */
function isSurname(text: string, last: Set<string>): boolean {
  if (last.has(text)) return true;
  for (const joint of [' de ', ' ', '-']) {
    const parts = text.split(joint);
    for (let i = 1; i < parts.length; i++)
      if (isSurname(parts.slice(0, i).join(joint), last) && isSurname(parts.slice(i).join(joint), last))
        return true;
  }
  return false;
}

/** The person's name as a given name and a surname of the country's locale, or null when it is not one. */
function splitName(name: string, iso2: string): { first: string; last: string } | null {
  const { first, last } = namesOf(iso2);
  const parts = name.split(' ');
  for (let i = 1; i < parts.length; i++) {
    const given = parts.slice(0, i).join(' ');
    const family = parts.slice(i).join(' ');
    if (first.has(given) && isSurname(family, last)) return { first: given, last: family };
  }
  return null;
}

const peopleIn = (iso2: string): GeneratedLead['people'] =>
  leads.filter((lead) => lead.country === iso2).flatMap((lead) => lead.people);

describe('the demo’s people are named as in their company’s country', () => {
  it('every country of the demo has names of its own: faker’s locale for the country or its language, else ours', () => {
    const ours = JSON.parse(readFileSync('server/leads/data/person-names.json', 'utf8')) as Record<
      string,
      unknown
    >;
    for (const country of COUNTRIES) {
      const [locale] = [NAME_LOCALES[country.iso2]!].flat();
      expect(locale, country.iso2).toBeDefined();
      if (!locale!.metadata) {
        expect(locale!.person, country.iso2).toEqual(ours[country.iso2]);
        continue;
      }
      const { country: where, language } = locale!.metadata;
      // Norwegian names are Bokmål's (nb).
      expect(
        where === country.iso2 || language === country.language.replace(/^no$/, 'nb'),
        `${country.iso2}: ${locale!.metadata.code}`,
      ).toBe(true);
    }
  });

  it('the people of a German firm have German names, never Japanese ones', () => {
    const people = peopleIn('DE');
    expect(people.length).toBeGreaterThan(10);
    const german = {
      first: words(de.person?.first_name as Lists),
      last: words(de.person?.last_name as Lists),
    };
    for (const person of people) {
      const [given, ...family] = person.name.split(' ');
      expect(german.first, person.name).toContain(given);
      expect(german.last, person.name).toContain(family.join(' '));
      // Faker writes Japanese names in Japanese; the demo's are Hiroshi Tanaka, and not in Hamburg.
      expect(words(ja.person?.first_name as Lists)).not.toContain(given);
      expect(person.name).not.toMatch(/^(Hiroshi|Yuki) /);
    }
  });

  it('in each of the 50 countries every person’s given name and surname come from that country’s locale', () => {
    for (const country of COUNTRIES) {
      const people = peopleIn(country.iso2);
      expect(people.length, country.iso2).toBeGreaterThan(0);
      for (const person of people)
        expect(splitName(person.name, country.iso2), `${country.iso2}: ${person.name}`).not.toBeNull();
    }
  });

  it('names are in Latin letters, and a person’s address spells their name', () => {
    for (const lead of leads) {
      for (const person of lead.people) {
        expect(person.name).toMatch(/^[\p{Script=Latin}' .-]+$/u);
        const address = lead.contacts.find((c) => c.kind === 'email' && c.personId === person.id);
        if (!address) continue;
        const { first, last } = splitName(person.name, lead.country)!;
        expect(address.value.split('@')[0]).toBe(addressOf(first, last));
      }
    }
    const named = leads.find((lead) => lead.country === 'RU' && lead.people.length > 0)!;
    expect(named.people[0]!.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
  });

  it('the same people on every run', () => {
    const again = generateLeads({ perMajor: 1, perOther: 1, asOf: new Date('2026-10-01T00:00:00Z') });
    expect(again.map((lead) => lead.people.map((p) => p.name))).toEqual(
      leads.map((lead) => lead.people.map((p) => p.name)),
    );
  });
});
