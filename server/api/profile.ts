import { Hono } from 'hono';
import { MAX_PROFILE_PRODUCTS, PROFILE_TEXT_MAX } from '../../contract/profile.ts';
import { productSuggestQuery, refreshProfileRequest, saveProfileRequest } from '../../contract/schemas.ts';
import { getProfile, productSuggestions, refreshProfile, saveProfile } from '../profile/service.ts';
import { ok, requireUser, valid, type ApiEnv, type FieldMessage } from './context.ts';

/** What each profile field says when it is refused, in the caller's language. */
const PROFILE_MESSAGES: Record<string, FieldMessage> = {
  ...Object.fromEntries(
    Object.entries(PROFILE_TEXT_MAX).map(([field, max]) => [field, { key: 'profileText', params: { max } }]),
  ),
  products: { key: 'profileProducts', params: { max: MAX_PROFILE_PRODUCTS } },
  strengths: 'profileChoice',
  certifications: 'profileChoice',
  moq: 'profileMoq',
  website: 'profileWebsite',
  phone: 'profilePhone',
  whatsapp: 'profilePhone',
  wechat: 'profileWechat',
};

/** The seller profile (docs/api.md "Seller profile"): read, save, read the files again, product names. */
export const profileApi = new Hono<ApiEnv>()
  .get('/', requireUser, async (c) => ok(c, await getProfile(c.get('services'), c.get('user'))))
  .put('/', requireUser, valid('json', saveProfileRequest, PROFILE_MESSAGES), async (c) =>
    ok(c, await saveProfile(c.get('services'), c.get('user'), c.req.valid('json'))),
  )
  .post('/refresh', requireUser, valid('json', refreshProfileRequest), async (c) =>
    ok(c, await refreshProfile(c.get('services'), c.get('user'), c.req.valid('json').reset ?? false)),
  )
  .get('/products', requireUser, valid('query', productSuggestQuery), (c) =>
    ok(c, productSuggestions(c.req.valid('query').q)),
  );
