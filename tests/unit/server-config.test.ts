/**
 * Fail-closed defaults (security guide): the demo seed (known passwords, free beans) and the
 * built-in test checkout (free plans) exist only on a local install unless switched on by name.
 */
import { describe, expect, it } from 'vitest';
import { featureReport, isLocalInstall, loadConfig } from '../../server/platform/config.ts';

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
