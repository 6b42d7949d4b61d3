import { describe, expect, it } from 'vitest';
import { createOriginPolicy } from './cors';

describe('CORS origin policy', () => {
  const allowed = createOriginPolicy({
    extraOrigins: ['https://play.example.org', 'https://agents.example.org/'],
  });

  it.each([
    'https://tilerealm.app',
    'https://www.tilerealm.app',
    'https://tilerealm.pages.dev',
    'http://tilerealm.pages.dev',
    'https://api.tilerealm.app',
    'http://localhost',
    'http://localhost:3000',
    'https://localhost:5173',
    'https://feature-x.tilerealm.pages.dev',
    'https://tilerealm-pr-42.up.railway.app',
    'https://123456.discordsays.com',
    'https://auth.privy.io',
    'https://play.example.org',
    'https://agents.example.org',
  ])('allows %s', (origin) => {
    expect(allowed(origin)).toBe(true);
  });

  it.each([
    'https://evil.example.com',
    'http://tilerealm.app', // production frontend over plain http
    'https://tilerealm.app.evil.com',
    'https://eviltilerealm.app',
    'http://tilerealm-pr-42.up.railway.app', // server previews are https only
    'https://other.up.railway.app',
    'http://localhost.evil.com',
    'https://discordsays.com.evil.com',
    'null',
    '*',
  ])('denies %s', (origin) => {
    expect(allowed(origin)).toBe(false);
  });
});
