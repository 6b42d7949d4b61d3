import { describe, expect, it } from 'vitest';
import { resolveEnv } from '../src/env';

const page = (origin: string) => {
  const url = new URL(origin);
  return { origin: url.origin, protocol: url.protocol, host: url.host, hostname: url.hostname };
};

describe('client configuration from /env.js', () => {
  it('talks to its own origin on localhost, whatever port the configured URLs name', () => {
    const env = resolveEnv(
      {
        PUBLIC_API_URL: 'http://localhost:5555',
        PUBLIC_WS_URL: 'ws://localhost:5555/ws',
        PUBLIC_CDN_URL: 'http://localhost:8080/',
        PUBLIC_AUTH_MODE: 'anonymous',
      },
      page('http://127.0.0.1:41234'),
    );
    expect(env.apiUrl).toBe('http://127.0.0.1:41234');
    expect(env.wsUrl).toBe('ws://127.0.0.1:41234/ws');
    expect(env.cdnUrl).toBe('http://localhost:8080');
    expect(env.authMode).toBe('anonymous');
  });

  it('uses the configured API and WebSocket when the page is hosted elsewhere', () => {
    const env = resolveEnv(
      {
        PUBLIC_API_URL: 'https://api.example.org',
        PUBLIC_WS_URL: 'wss://api.example.org/ws',
        PUBLIC_IDP_APP_ID: 'app-1',
      },
      page('https://play.example.org'),
    );
    expect(env.apiUrl).toBe('https://api.example.org');
    expect(env.wsUrl).toBe('wss://api.example.org/ws');
    expect(env.authMode).toBe('identity-provider');
    expect(env.idpAppId).toBe('app-1');
  });

  it('serves the API from the page origin in production when they are the same, over wss', () => {
    const env = resolveEnv({ PUBLIC_API_URL: 'https://tilerealm.app' }, page('https://tilerealm.app'));
    expect(env.apiUrl).toBe('https://tilerealm.app');
    expect(env.wsUrl).toBe('wss://tilerealm.app/ws');
  });

  it('falls back to safe defaults for a missing or malformed configuration', () => {
    for (const raw of [
      undefined,
      null,
      'not an object',
      { PUBLIC_AUTH_MODE: 'root' },
      { PUBLIC_API_URL: 42 },
    ]) {
      const env = resolveEnv(raw, page('https://play.example.org'));
      expect(env.apiUrl).toBe('https://play.example.org');
      expect(env.wsUrl).toBe('wss://play.example.org/ws');
      expect(env.authMode).toBe('anonymous');
    }
    // An unparsable API URL is ignored rather than trusted.
    expect(resolveEnv({ PUBLIC_API_URL: 'not a url' }, page('https://play.example.org')).apiUrl).toBe(
      'https://play.example.org',
    );
  });
});
