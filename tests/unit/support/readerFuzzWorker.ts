import { parentPort } from 'node:worker_threads';
import { readProfile } from '../../../server/profile/extract.ts';
import { parseQuery } from '../../../server/search/parse.ts';
import { findProducts } from '../../../server/search/products.ts';
import { findPlaces } from '../../../server/search/understand.ts';
import { tidyText } from '../../../server/files/extract.ts';
import { readInboundMessage } from '../../../server/outreach/inboundMessage.ts';
import { missingColumns } from '../../../server/leads/imports/layout.ts';
import { readContacts } from '../../../server/leads/imports/contacts.ts';
import { readShipments } from '../../../server/leads/imports/shipments.ts';
import { companyKey, countryCode, hostOf } from '../../../server/leads/imports/match.ts';
import { parseAmount, parseDay } from '../../../server/leads/imports/cells.ts';

/**
 * The reader fuzz test's worker (tests/unit/reader-fuzz.test.ts): runs one reader of user-supplied
 * text on one input and answers how long it took, so the test can stop a reader that runs away
 * (terminating the worker) instead of hanging with it.
 */

/** An import row whose every column of the layout holds `text`. */
const rowOf = (layout: 'apollo' | 'shipments', text: string) =>
  Object.fromEntries(missingColumns(layout, []).map((column) => [column, text]));

const READERS: Record<string, (text: string) => unknown> = {
  'seller profile (readProfile)': (text) => readProfile(text),
  'search sentence (parseQuery)': (text) => parseQuery(text),
  'products (findProducts)': (text) => findProducts(text),
  'places (findPlaces)': (text) => findPlaces(text),
  'file text (tidyText)': (text) => tidyText(text),
  'inbound mail (readInboundMessage)': (text) =>
    readInboundMessage(
      new TextEncoder().encode(`From: ${text}\r\nTo: ${text}\r\nSubject: ${text}\r\n\r\n${text}`),
    ),
  'import contacts (readContacts)': (text) => readContacts([rowOf('apollo', text)], 'apollo'),
  'import shipments (readShipments)': (text) =>
    readShipments([rowOf('shipments', text)], { file: 'fuzz.csv', today: new Date('2026-11-28') }),
  'import cells': (text) => [
    companyKey(text),
    countryCode(text),
    hostOf(text),
    parseAmount(text),
    parseDay(text),
  ],
};

parentPort!.on('message', async ({ reader, input }: { reader: string; input: string }) => {
  const started = performance.now();
  try {
    await READERS[reader]!(input);
    parentPort!.postMessage({ ms: performance.now() - started });
  } catch (error) {
    parentPort!.postMessage({ ms: performance.now() - started, error: String(error).slice(0, 200) });
  }
});
parentPort!.postMessage({ readers: Object.keys(READERS) });
