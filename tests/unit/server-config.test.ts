/**
 * Fail-closed defaults (security guide): the demo seed (known passwords, free beans) and the
 * built-in test checkout (free plans) exist only on a local install unless switched on by name.
 */
import { describe, expect, it } from 'vitest';
import {
  embeddedDatabaseRefusal,
  featureReport,
  isLocalInstall,
  loadConfig,
} from '../../server/platform/config.ts';

describe('local install or public site', () => {
  it('is local without an https SITE_URL and outside production', () => {
    expect(isLocalInstall({})).toBe(true);
    expect(isLocalInstall({ SITE_URL: 'http://localhost:4321' })).toBe(true);
    expect(isLocalInstall({ SITE_URL: 'http://127.0.0.1:4399', NODE_ENV: 'test' })).toBe(true);
    expect(isLocalInstall({ NODE_ENV: 'development' })).toBe(true);
  });

  it('is public with an https SITE_URL or NODE_ENV=production', () => {
    expect(isLocalInstall({ SITE_URL: 'https://honeyleads.example' })).toBe(false);
    expect(isLocalInstall({ SITE_URL: 'HTTPS://HONEYLEADS.EXAMPLE' })).toBe(false);
    expect(isLocalInstall({ NODE_ENV: 'production' })).toBe(false);
    expect(isLocalInstall({ SITE_URL: 'http://honeyleads.example', NODE_ENV: 'production' })).toBe(false);
  });

  it('a local install gets the demo seed and the test checkout by default', () => {
    const config = loadConfig({});
    expect(config.DEMO_SEED).toBe(true);
    expect(config.TEST_CHECKOUT).toBe(true);
  });

  it('a public site gets neither by default, and says payments are not available', () => {
    for (const env of [{ SITE_URL: 'https://honeyleads.example' }, { NODE_ENV: 'production' }]) {
      const config = loadConfig(env);
      expect(config.DEMO_SEED, JSON.stringify(env)).toBe(false);
      expect(config.TEST_CHECKOUT, JSON.stringify(env)).toBe(false);
      expect(featureReport(config).join('\n')).toContain('Payments: not available');
    }
  });

  it('an explicit switch wins either way', () => {
    const on = loadConfig({ SITE_URL: 'https://honeyleads.example', DEMO_SEED: '1', TEST_CHECKOUT: 'yes' });
    expect([on.DEMO_SEED, on.TEST_CHECKOUT]).toEqual([true, true]);
    const off = loadConfig({ DEMO_SEED: '0', TEST_CHECKOUT: 'false' });
    expect([off.DEMO_SEED, off.TEST_CHECKOUT]).toEqual([false, false]);
    expect(() => loadConfig({ TEST_CHECKOUT: 'maybe' })).toThrow(/TEST_CHECKOUT/);
  });

  it('refuses header and request timeouts that contradict each other', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '10000' })).toThrow(
      /HEADERS_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ MAX_CONNECTIONS: '0' })).toThrow(/MAX_CONNECTIONS/);
  });
});

describe('the embedded database on a public install (issue 36)', () => {
  it('a local install runs on it with no configuration at all (npm start)', () => {
    expect(embeddedDatabaseRefusal(loadConfig({}))).toBeNull();
    expect(embeddedDatabaseRefusal(loadConfig({ SITE_URL: 'http://localhost:4321' }))).toBeNull();
  });

  it('a public install is refused it, and told how to use PostgreSQL or opt in', () => {
    for (const env of [{ SITE_URL: 'https://honeyleads.example' }, { NODE_ENV: 'production' }]) {
      const refusal = embeddedDatabaseRefusal(loadConfig(env));
      expect(refusal, JSON.stringify(env)).toMatch(/DATABASE_URL/);
      expect(refusal, JSON.stringify(env)).toMatch(/EMBEDDED_DATABASE=1/);
    }
  });

  it('EMBEDDED_DATABASE=1 opts a public install in; DATABASE_URL needs no opt-in; EMBEDDED_DATABASE=0 refuses it locally too', () => {
    expect(
      embeddedDatabaseRefusal(loadConfig({ NODE_ENV: 'production', EMBEDDED_DATABASE: '1' })),
    ).toBeNull();
    expect(
      embeddedDatabaseRefusal(
        loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db.internal/hl' }),
      ),
    ).toBeNull();
    expect(embeddedDatabaseRefusal(loadConfig({ EMBEDDED_DATABASE: '0' }))).toMatch(/DATABASE_URL/);
  });
});

describe('database settings', () => {
  it('the pool size is DATABASE_POOL_SIZE, 10 by default, at least 4 (the queue takes 3)', () => {
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '25' }).DATABASE_POOL_SIZE).toBe(25);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '3' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('a read replica needs the database it replicates', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica.internal/hl' })).toThrow(
      /DATABASE_READ_URL/,
    );
    const config = loadConfig({
      DATABASE_URL: 'postgres://primary.internal/hl',
      DATABASE_READ_URL: 'postgres://replica.internal/hl',
    });
    expect(config.DATABASE_READ_URL).toBe('postgres://replica.internal/hl');
  });
});
