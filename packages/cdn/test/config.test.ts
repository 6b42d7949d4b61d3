import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCdnConfig } from '../src/index';
import { DEFAULT_ASSET_ROOT } from '../src/config';

describe('loadCdnConfig', () => {
  it('defaults to port 8080 on all interfaces serving <repo>/assets', () => {
    const config = loadCdnConfig({});
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      root: DEFAULT_ASSET_ROOT,
      metrics: { token: undefined, open: true },
    });
    expect(path.basename(DEFAULT_ASSET_ROOT)).toBe('assets');
    expect(path.basename(path.dirname(DEFAULT_ASSET_ROOT))).not.toBe('packages');
  });

  it('reads CDN_PORT, CDN_HOST and CDN_ROOT', () => {
    expect(loadCdnConfig({ CDN_PORT: '9000', CDN_HOST: '127.0.0.1', CDN_ROOT: '/srv/assets' })).toEqual({
      port: 9000,
      host: '127.0.0.1',
      root: '/srv/assets',
      metrics: { token: undefined, open: true },
    });
    expect(loadCdnConfig({ CDN_PORT: ' ' }).port).toBe(8080);
  });

  it.each(['0', '65536', '-1', '80.5', 'eighty', '8080abc'])('rejects CDN_PORT=%s', (value) => {
    expect(() => loadCdnConfig({ CDN_PORT: value })).toThrow(/CDN_PORT/);
  });
});
