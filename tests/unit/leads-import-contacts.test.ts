import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateLeads } from '../../server/leads/generate.ts';
import { readCsv } from '../../server/leads/importer.ts';
import {
  departmentOf,
  emailStatus,
  isGenericAddress,
  planContacts,
  readContacts,
  seniorityOf,
  type StoredLead,
} from '../../server/leads/imports/contacts.ts';

const sample = (name: string) =>
  readCsv(readFileSync(new URL(`../../docs/samples/${name}`, import.meta.url), 'utf8')).rows;

const APOLLO_HEADER =
  '"First Name","Last Name","Title","Company","Email","Email Status","Seniority","Departments","First Phone","Work Direct Phone","Mobile Phone","Corporate Phone","Person Linkedin Url","Website"';
const apollo = (...lines: string[]) => readCsv([APOLLO_HEADER, ...lines].join('\n')).rows;
const HUNTER_HEADER =
  'Email address,First name,Last name,Position,Department,Seniority,Domain name,Organization,Phone number,LinkedIn URL,Twitter handle,Confidence score,Verification status';
const hunter = (...lines: string[]) => readCsv([HUNTER_HEADER, ...lines].join('\n')).rows;

describe('contacts import: mapping what Apollo and Hunter say to ours', () => {
  it('maps every email status of both exports to valid, risky, unknown or invalid', () => {
    const cases: [string, string][] = [
      ['Verified', 'valid'],
      ['Likely to engage', 'valid'],
      ['Guessed', 'risky'],
      ['Extrapolated', 'risky'],
      ['Update required', 'risky'],
      ['Unverified', 'unknown'],
      ['Pending Manual Fulfillment', 'unknown'],
      ['User Managed', 'unknown'],
      ['Bounced', 'invalid'],
      ['valid', 'valid'],
      ['accept_all', 'risky'],
      ['unknown', 'unknown'],
      ['webmail', 'unknown'],
      ['invalid', 'invalid'],
      ['disposable', 'invalid'],
      ['', 'unknown'],
      ['something new', 'unknown'],
    ];
    for (const [status, ours] of cases) expect(emailStatus(status), status).toBe(ours);
  });

  it('files purchasing titles (procurement, buyer, sourcing, supply) under purchasing', () => {
    for (const title of [
      'Purchasing Manager',
      'Head of Procurement',
      'Senior Buyer',
      'Sourcing Lead',
      'Supply Chain Manager',
      'Import Manager',
      'Chief Procurement Officer',
      'Einkäufer',
    ])
      expect(departmentOf('', title), title).toBe('purchasing');
  });

  it('files c-suite, executives, owners, founders and managing directors under management', () => {
    for (const title of [
      'CEO',
      'Owner',
      'Co-Founder',
      'Managing Director',
      'General Manager',
      'President',
      'Geschäftsführer',
    ])
      expect(departmentOf('', title), title).toBe('management');
    for (const column of ['c_suite', 'executive', 'management', 'Owner', 'founder'])
      expect(departmentOf(column, ''), column).toBe('management');
  });

  it('takes the department column first (master_ dropped, the first known of a list), the title when it is empty, else other', () => {
    expect(departmentOf('master_purchasing', 'Sales Manager')).toBe('purchasing');
    expect(departmentOf('master_sales, c_suite', 'CEO')).toBe('sales');
    expect(departmentOf('master_engineering_technical', '')).toBe('engineering');
    expect(departmentOf('master_finance', '')).toBe('finance');
    expect(departmentOf('master_marketing', '')).toBe('marketing');
    expect(departmentOf('master_operations', 'Logistics Coordinator')).toBe('operations');
    expect(departmentOf('it', '')).toBe('engineering');
    expect(departmentOf('communication', '')).toBe('marketing');
    expect(departmentOf('', 'Vice President Sales')).toBe('sales');
    expect(departmentOf('', 'Logistics Coordinator')).toBe('logistics');
    expect(departmentOf('legal', 'General Counsel')).toBe('other');
    expect(departmentOf('', 'Assistant')).toBe('other');
    expect(departmentOf('hr', 'Buyer')).toBe('purchasing');
  });

  it('takes the more senior of the seniority column and the title', () => {
    const cases: [string, string, string][] = [
      ['owner', '', 'owner'],
      ['founder', 'CEO', 'owner'],
      ['c_suite', '', 'executive'],
      ['vp', 'VP of Purchasing', 'executive'],
      ['head', '', 'director'],
      ['director', '', 'director'],
      ['manager', 'Buyer', 'manager'],
      ['senior', 'Purchasing Manager', 'manager'],
      ['senior', 'Senior Buyer', 'staff'],
      ['entry', '', 'staff'],
      ['intern', '', 'staff'],
      ['executive', '', 'executive'],
      ['', 'Head of Procurement', 'director'],
      ['', 'Managing Director', 'executive'],
      ['', '', 'staff'],
    ];
    for (const [column, title, ours] of cases)
      expect(seniorityOf(column, title), `${column} / ${title}`).toBe(ours);
  });

  it('keeps role addresses (info@, sales.de@, purchasing@ …) as the company’s', () => {
    for (const address of [
      'info@acme.example',
      'Sales@acme.example',
      'sales.de@acme.example',
      'purchasing@acme.example',
      'contact@acme.example',
      'office@acme.example',
      'einkauf@acme.example',
    ])
      expect(isGenericAddress(address), address).toBe(true);
    for (const address of ['anna.koch@acme.example', 'peter.sales@acme.example', 'infomaniac@acme.example'])
      expect(isGenericAddress(address), address).toBe(false);
  });
});

describe('contacts import: reading rows', () => {
  it('reads an Apollo row: person, status, phones once, LinkedIn as https, domain from Website', () => {
    const { contacts, rejected } = readContacts(sample('contacts-apollo.csv'), 'apollo');
    expect(rejected).toEqual([]);
    expect(contacts[0]).toEqual({
      row: 1,
      domain: 'tavento-works-ag.example',
      // "Country" is the person's; only "Company Country" says where the company is.
      company: { name: 'Tavento Works AG', country: null },
      person: {
        name: 'Katrin Vogel',
        title: 'Head of Procurement',
        department: 'purchasing',
        seniority: 'director',
      },
      email: { address: 'katrin.vogel@tavento-works-ag.example', status: 'valid', generic: false },
      phones: ['+49 555 0170 4411'],
      companyPhones: [],
      socials: [{ url: 'https://www.linkedin.com/in/katrin-vogel-tavento-example', platform: 'linkedin' }],
    });
    // "Unavailable": a person with a mobile number and no email.
    expect(contacts[1]).toMatchObject({
      email: null,
      phones: ['+49 555 0152 9083'],
      person: { name: 'Jonas Albers' },
    });
    // The corporate phone is the company's, not the person's.
    expect(contacts[2]).toMatchObject({ phones: ['+1 555 0142 7781'], companyPhones: ['+1 555 8644 4552'] });
  });

  it('reads a Hunter row: Position as title, Domain name, X handle, a nameless role address', () => {
    const { contacts, rejected } = readContacts(sample('contacts-hunter.csv'), 'hunter');
    expect(rejected).toEqual([]);
    expect(contacts[0]).toMatchObject({
      domain: 'tavento-industries-ltd.example',
      person: { name: 'Oliver Grant', department: 'purchasing', seniority: 'director' },
      email: { status: 'valid', generic: false },
    });
    expect(contacts[1]!.socials).toEqual([{ url: 'https://x.com/rania_kmf', platform: 'x' }]);
    expect(contacts[1]!.email!.status).toBe('risky');
    expect(contacts[2]).toMatchObject({
      person: null,
      email: { address: 'sales.vn@maplecrest-solutions-co-ltd.example', generic: true },
    });
  });

  it('takes the company domain from the email when the row has no website, never from webmail', () => {
    const { contacts } = readContacts(
      hunter(
        'anna.koch@acme.example,Anna,Koch,Buyer,,,,,,,,,valid',
        'anna.koch@gmail.com,Anna,Koch,Buyer,,,,,,,,,valid',
      ),
      'hunter',
    );
    expect(contacts.map((c) => c.domain)).toEqual(['acme.example', null]);
  });

  it('rejects hostile rows with every reason, naming the column', () => {
    const { contacts, rejected } = readContacts(
      apollo(
        '"=HYPERLINK(""http://evil.example"",""x"")","Koch","Buyer","Acme","anna@acme.example","Verified","","","","","","","",""',
        '"Anna","Koch","+cmd|\' /C calc\'!A0","Acme","anna@acme.example","Verified","","","","","","","",""',
        `"Anna","${'K'.repeat(5000)}","Buyer","Acme","anna@acme.example","Verified","","","","","","","",""`,
        '"Anna","Koch","Buyer","Acme","anna.acme.example","Verified","","","","","","","",""',
        '"Anna","Koch","Buyer","Acme","anna@acme.example","Verified","","","call me","","","","https://evil.example/in/anna",""',
        '"Anna","Koch","Buyer","Acme","","Unavailable","","","","","","","",""',
        '"Anna","Ko\u0000ch","Buyer","Acme","anna@acme.example","Verified","","","","","","","",""',
        '"Anna","Koch","Buyer","Acme","anna@acme.example","Verified","","","","","","","","not a site"',
      ),
      'apollo',
    );
    expect(contacts).toEqual([]);
    const reasons = Object.fromEntries(rejected.map((r) => [r.row, r.reasons.join(' | ')]));
    expect(reasons[1]).toMatch(/^first name: starts like a spreadsheet formula/);
    expect(reasons[2]).toMatch(/^title: starts like a spreadsheet formula/);
    expect(reasons[3]).toBe('last name: at most 100 characters (has 5000)');
    expect(reasons[4]).toBe('email: not an email address "anna.acme.example"');
    expect(reasons[5]).toBe(
      'first phone: not a phone number "call me" | person linkedin url: not a LinkedIn profile "https://evil.example/in/anna"',
    );
    expect(reasons[6]).toBe('nothing to import: no email, phone or profile link');
    expect(reasons[7]).toBe('last name: control characters');
    expect(reasons[8]).toBe('website: not a website or domain "not a site"');
  });
});

/** A stored company for planning, made from a demo lead. */
const stored = (lead: ReturnType<typeof generateLeads>[number]): StoredLead => ({
  id: lead.id,
  name: lead.name,
  country: lead.country,
  website: lead.website,
  size: lead.size,
  people: lead.people.map(({ id, name, position }) => ({ id, name, position })),
  contacts: lead.contacts.map((c, i) => ({ ...c, id: i + 1, personId: c.personId ?? null })),
});

describe('contacts import: the samples against the whole demo dataset', () => {
  it(
    'matches every row of both samples to exactly one demo company, and adds something for each',
    { timeout: 30_000 },
    () => {
      const demo = generateLeads().map(stored);
      for (const [file, layout] of [
        ['contacts-apollo.csv', 'apollo'],
        ['contacts-hunter.csv', 'hunter'],
      ] as const) {
        const { contacts, rejected } = readContacts(sample(file), layout);
        const plan = planContacts(contacts, demo, file);
        expect(rejected, file).toEqual([]);
        expect(plan.unmatched, file).toEqual([]);
        expect(plan.added, file).toBe(contacts.length);
      }
    },
  );
});

describe('contacts import: a row whose domain no company has', () => {
  const company = (id: string, name: string, country: string, website: string | null = null): StoredLead => ({
    id,
    name,
    country,
    website,
    size: '',
    people: [],
    contacts: [],
  });
  const companies = () => [
    company('L1', 'Kranich Werkzeuge GmbH', 'DE'),
    company('L2', 'Kranich Werkzeuge GmbH', 'AT'),
    company('L3', 'Bayside Pumps LLC', 'US', 'https://baysidepumps.example'),
  ];
  const apollo = (...lines: string[]) =>
    readContacts(
      readCsv(['First Name,Last Name,Email,Company,Company Country,Website', ...lines].join('\n')).rows,
      'apollo',
    ).contacts;

  it('finds the one company of its name in its country, and the domain is that company’s for later rows', () => {
    const plan = planContacts(
      apollo(
        'Jana,Kranich,j.kranich@kranich-werkzeuge.example,KRANICH WERKZEUGE,Germany,',
        'Ole,Berg,o.berg@kranich-werkzeuge.example,,,',
      ),
      companies(),
      'apollo.csv',
    );
    expect(plan.unmatched).toEqual([]);
    expect(plan.contacts.map((c) => [c.leadId, c.value])).toEqual([
      ['L1', 'j.kranich@kranich-werkzeuge.example'],
      ['L1', 'o.berg@kranich-werkzeuge.example'],
    ]);
  });

  it('says why when no company, or several, have the name', () => {
    const plan = planContacts(
      apollo(
        'Jana,Kranich,j.kranich@kranich-werkzeuge.example,Kranich Werkzeuge,,',
        'Tom,Reed,tom@hollowreed.example,Hollow Reed Trading,United Kingdom,',
        'Ann,Lee,ann@gmail.com,,,',
        'Bo,Ek,bo@bayside.example,Baysde Pumps,USA,',
        'Cy,Ek,cy@bayside.example,Bayside Pumps Service,Germany,',
      ),
      companies(),
      'apollo.csv',
    );
    expect(plan.unmatched).toEqual([
      { row: 1, reason: '2 companies named "Kranich Werkzeuge" (L1, L2)' },
      {
        row: 2,
        reason: 'no company with domain hollowreed.example or named "Hollow Reed Trading" in GB',
      },
      { row: 3, reason: 'no company domain: no website or domain, and no company email' },
      {
        row: 4,
        reason:
          'no company with domain bayside.example or named "Baysde Pumps" in US; did you mean "Bayside Pumps LLC" (L3)?',
      },
      // Only as near as one edit in five, and only in the row's country.
      { row: 5, reason: 'no company with domain bayside.example or named "Bayside Pumps Service" in DE' },
    ]);
  });

  it('takes the company that has the domain over one of the row’s name', () => {
    const plan = planContacts(
      apollo('Dan,Ross,dan@baysidepumps.example,Kranich Werkzeuge,Germany,'),
      companies(),
      'apollo.csv',
    );
    expect(plan.contacts.map((c) => c.leadId)).toEqual(['L3']);
  });
});
