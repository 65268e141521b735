import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importShipments } from '../../server/leads/imports/shipments.ts';
import { importDirectory } from '../../server/leads/imports/directory.ts';
import { readCsv } from '../../server/leads/importer.ts';
import { readEvents, startApi, type Api } from './harness.ts';

/**
 * Issue 32, item 1, as a client sees it: a customer's customs and directory files name products
 * no demo category deals in (frozen shrimp, truck tyres, titanium dioxide, dining chairs), and the
 * companies they create are found for those products and every broader one, never for a sibling,
 * and their cards cite those records. An empty database: nothing but the files is there.
 */

let api: Api;
let token: string;
const DAY = 86_400_000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

const CUSTOMS = [
  'Date,Consignee,Consignee Country,Shipper,Shipper Country,HS Code,Product Description,Weight,Country of Origin,Bill of Lading',
  `${day(15)},PESCADOS ALMENARA SL,Spain,OCEANIC PACKERS CIA LTDA,Ecuador,0306.17.19,FROZEN VANNAMEI SHRIMP HLSO 31/40,"18,200 KG",Ecuador,EXBOL-SHR-1`,
  `${day(75)},Pescados Almenara S.L.,ES,Oceanic Packers Cia. Ltda.,EC,030617,FROZEN VANNAMEI SHRIMP HOSO 40/50,"17,900 KG",EC,EXBOL-SHR-2`,
  `${day(30)},TRANSPORTES NEUMAVIA SA,Spain,SHANDONG EXAMPLE TYRE CO LTD,China,4011.20.10,TRUCK TYRES 315/80R22.5,"24,000 KG",China,EXBOL-TYR-1`,
  `${day(40)},MOEBELHAUS EICHGRUND GMBH,Germany,BINH DUONG EXAMPLE FURNITURE CO LTD,Viet Nam,9401.61,UPHOLSTERED DINING CHAIR OAK FRAME,"6,400 KG",Viet Nam,EXBOL-CHR-1`,
  `${day(50)},LACKWERK BRANDT GMBH,Germany,PANZHIHUA EXAMPLE CHEMICAL CO LTD,China,3206.11,TITANIUM DIOXIDE RUTILE R-996,"20,000 KG",China,EXBOL-TIO-1`,
].join('\n');

const DIRECTORY = [
  'Company name;Country;City;Website;Main activity;Description',
  'Farbenhandel Koralle GmbH;Germany;Leipzig;www.koralle-farben.example;Wholesaler;Wholesale of titanium dioxide and iron oxide pigments',
].join('\n');

beforeAll(async () => {
  api = await startApi({ leads: [] });
  const customs = await importShipments(api.database.db, readCsv(CUSTOMS).rows, {
    source: 'Customs export',
    file: 'customs.csv',
    today: new Date(),
  });
  expect([customs.added, customs.created, customs.rejected, customs.unmatched]).toEqual([5, 8, [], []]);
  const directory = await importDirectory(api.database.db, readCsv(DIRECTORY).rows, { idPrefix: 'L8' });
  expect([directory.added, directory.created, directory.rejected]).toEqual([1, 1, []]);
  token = await api.signUp('catalogue-search@example.com');
}, 60_000);
afterAll(() => api?.close());

async function search(query: string, lang: 'zh' | 'en' = 'en') {
  const res = await api.raw('POST', '/chat/search', { token, body: { query }, lang });
  const events = await readEvents(res);
  return {
    leads: events.filter((e) => e.event === 'lead').map((e) => e.data),
    summary: events.find((e) => e.event === 'summary')?.data,
  };
}
const names = (found: { leads: { name: string }[] }) => found.leads.map((lead) => lead.name).sort();

describe('products no demo category deals in, from a customer’s files', () => {
  it('finds a customs-only importer for its product, citing those records', async () => {
    const found = await search('frozen shrimp importers in Spain');
    expect(names(found)).toEqual(['Pescados Almenara S.L.']);
    const [card] = found.leads;
    expect(card.why.products).toEqual(['vannamei shrimp']);
    expect(card.why.broader).toBe(false);
    expect(card.why.evidence).toMatchObject({ shipments_12m: 2, products: ['vannamei shrimp'] });
    expect(card.why.evidence.origins.map((o: { code: string }) => o.code)).toEqual(['EC']);
    expect(found.summary.text).not.toMatch(/no companies/i);
  });

  it('once saved, finds it in the saved list by its product’s name in either language', async () => {
    const [card] = (await search('frozen shrimp importers in Spain')).leads;
    expect((await api.call('POST', '/leads/collect', { token, body: { lead_id: card.id } })).body.code).toBe(
      0,
    );
    for (const q of ['vannamei', '南美白虾']) {
      const listed = await api.call('GET', `/leads/collects?q=${encodeURIComponent(q)}`, {
        token,
        lang: 'en',
      });
      expect(
        listed.body.data.items.map((i: { id: string }) => i.id),
        q,
      ).toEqual([card.id]);
    }
  });

  it('finds it for a broader product and by the HS code, in both languages', async () => {
    expect(names(await search('shrimp buyers in Spain'))).toEqual(['Pescados Almenara S.L.']);
    expect(names(await search('找西班牙的冷冻虾进口商', 'zh'))).toEqual(['Pescados Almenara S.L.']);
    expect(names(await search('HS 030617 buyers in Spain'))).toEqual(['Pescados Almenara S.L.']);
    expect(names(await search('tyre buyers in Spain'))).toEqual(['TRANSPORTES NEUMAVIA SA']);
  });

  it('never for a sibling product', async () => {
    // Black tiger shrimp and car tyres sit beside vannamei shrimp and truck tyres.
    expect(names(await search('black tiger shrimp buyers in Spain'))).toEqual([]);
    expect(names(await search('car tyre buyers in Spain'))).toEqual([]);
    // Dining chairs are declared under the sofas' subheading: their importer is no sofa buyer.
    expect(names(await search('sofa buyers in Germany'))).toEqual([]);
    expect(names(await search('chair buyers in Germany'))).toEqual(['MOEBELHAUS EICHGRUND GMBH']);
  });

  it('finds the shipper as a supplier of what it shipped', async () => {
    expect(names(await search('frozen shrimp suppliers in Ecuador'))).toEqual(['Oceanic Packers Cia. Ltda.']);
  });

  it('finds a directory company for the product its listing names, beside the customs importer', async () => {
    const found = await search('titanium dioxide buyers in Germany');
    expect(names(found)).toEqual(['Farbenhandel Koralle GmbH', 'LACKWERK BRANDT GMBH']);
    for (const card of found.leads) expect(card.why.products).toEqual(['titanium dioxide']);
  });

  it('finds a stored buyer for what it imports later, and not a stored supplier for its materials', async () => {
    const later = [
      'Date,Consignee,Consignee Country,Shipper,Shipper Country,HS Code,Product Description,Country of Origin,Bill of Lading',
      `${day(12)},FARBENHANDEL KORALLE GMBH,Germany,EXAMPLE KAOLIN CO LTD,China,2507.00,WASHED KAOLIN,China,EXBOL-KAO-1`,
      `${day(14)},OCEANIC PACKERS CIA LTDA,Ecuador,EXAMPLE PAPER CO LTD,China,4819.10,CORRUGATED CARTONS,China,EXBOL-CTN-1`,
    ].join('\n');
    const report = await importShipments(api.database.db, readCsv(later).rows, {
      source: 'Customs export',
      file: 'later.csv',
      today: new Date(),
    });
    expect([report.added, report.unmatched]).toEqual([2, []]);
    const kaolin = await search('kaolin buyers in Germany');
    expect(names(kaolin)).toEqual(['Farbenhandel Koralle GmbH']);
    expect(kaolin.leads[0].why.evidence.shipments_12m).toBe(1);
    // It still deals in what it listed.
    expect(names(await search('titanium dioxide buyers in Germany'))).toContain('Farbenhandel Koralle GmbH');
    // A packer that imports cartons sells shrimp, not cartons.
    expect(names(await search('carton suppliers in Ecuador'))).toEqual([]);
    expect(names(await search('frozen shrimp suppliers in Ecuador'))).toEqual(['Oceanic Packers Cia. Ltda.']);
  });
});
