import { useEffect, useState } from 'react';

type Format = (value: string | number | Date | null | undefined) => string;

let loaded: Format | null = null;
let loading: Promise<Format> | null = null;

/** dayjs (about 3 KB gz) arrives after the page's first script, in parallel with the data it formats. */
function load(): Promise<Format> {
  loading ??= import('../../lib/dates.ts').then((dates) => (loaded = dates.formatDateTime));
  return loading;
}

/**
 * `formatDateTime` (src/lib/dates.ts) for islands that show dates as soon as they mount: the date
 * library is loaded on first use instead of with the page, and dates read '' for the moment until
 * it is there (they come with data fetched from the API, which takes longer).
 */
export function useDateTime(): Format {
  const [format, setFormat] = useState<Format | null>(() => loaded);
  useEffect(() => {
    if (format) return;
    let live = true;
    void load().then((ready) => live && setFormat(() => ready));
    return () => {
      live = false;
    };
  }, [format]);
  return format ?? (() => '');
}
