import { COUNTRIES } from '../server/leads/reference.ts';
import { PLACES } from '../server/search/places.ts';
for (const c of COUNTRIES.filter(c=>['DE','US','GB','AE','KR'].includes(c.iso2))) console.log(c.iso2, JSON.stringify(c.aliases_en), JSON.stringify(c.aliases_zh));
for (const p of PLACES.filter(c=>['DE','US','GB','AE','KR'].includes(c.iso2))) console.log(JSON.stringify(p).slice(0,200));
