import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '#lib/config.ts';
import { findKey } from './keys.server.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('integration keys', () => {
  it('reads INTEGRATION_KEYS (hashes only) and matches a presented key to its entry', () => {
    const cfg = parseConfig({
      INTEGRATION_KEYS: `erp:${sha('secret-1')}:orders+news, site:${sha('secret-2').toUpperCase()}:notifications`,
    });
    expect(cfg.integrationKeys).toEqual([
      { name: 'erp', sha256: sha('secret-1'), scopes: ['orders', 'news'] },
      { name: 'site', sha256: sha('secret-2'), scopes: ['notifications'] },
    ]);
    expect(findKey('secret-2', cfg.integrationKeys)?.name).toBe('site');
    expect(findKey('secret-3', cfg.integrationKeys)).toBeNull();
    expect(findKey(null, cfg.integrationKeys)).toBeNull();
    expect(parseConfig({}).integrationKeys).toEqual([]);
  });

  it('refuses malformed entries at start-up', () => {
    expect(() => parseConfig({ INTEGRATION_KEYS: 'erp:abc:orders' })).toThrow(/INTEGRATION_KEYS/);
    expect(() => parseConfig({ INTEGRATION_KEYS: `erp:${sha('x')}:orders+billing` })).toThrow(
      /INTEGRATION_KEYS/,
    );
  });
});
