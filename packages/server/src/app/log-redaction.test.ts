import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { isCredentialName, redactUrl, scrubLogLine } from './log-redaction';

const SECRET = 'SECRET-d0e1f2';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhY2MifQ.c2lnbmF0dXJl';

describe('log redaction', () => {
  it('knows credential-like parameter names and leaves the others alone', () => {
    for (const name of [
      'token',
      'access_token',
      'idp_token',
      'idToken',
      'refresh-token',
      'code',
      'password',
      'client_secret',
      'api_key',
      'apiKey',
      'AUTHORIZATION',
    ])
      expect(isCredentialName(name), name).toBe(true);
    for (const name of ['characterId', 'tokens', 'page', 'limit', 'mode', 'codec'])
      expect(isCredentialName(name), name).toBe(false);
  });

  it('masks credential query parameters in a URL and keeps the rest as sent', () => {
    expect(redactUrl(`/ws?token=${SECRET}&characterId=abc`)).toBe('/ws?token=[REDACTED]&characterId=abc');
    expect(redactUrl(`/api/x?a=1&access_token=${SECRET}&code=${SECRET}#frag`)).toBe(
      '/api/x?a=1&access_token=[REDACTED]&code=[REDACTED]#frag',
    );
    // A percent-encoded name is what the query parser decodes: it is masked too.
    expect(redactUrl(`/ws?tok%65n=${SECRET}`)).toBe('/ws?tok%65n=[REDACTED]');
    expect(redactUrl('/health')).toBe('/health');
    expect(redactUrl('/api/x?page=2')).toBe('/api/x?page=2');
  });

  it('scrubs credentials from a finished line wherever they are', () => {
    const line = JSON.stringify({
      msg: `GET /ws?token=${SECRET} failed; retry /api/y?idp_token=${SECRET}&page=1`,
      err: { message: `Authorization: Bearer ${SECRET}` },
      deep: { a: { b: { sessionToken: SECRET, note: `token ${JWT}` } } },
    });
    const scrubbed = scrubLogLine(line);
    expect(scrubbed).not.toContain(SECRET);
    expect(scrubbed).not.toContain(JWT);
    expect(scrubbed).toContain('page=1');
    expect(JSON.parse(scrubbed)).toMatchObject({ deep: { a: { b: { sessionToken: '[REDACTED]' } } } });
    expect(scrubLogLine(scrubbed)).toBe(scrubbed);
  });

  it('keeps credentials out of every line the logger writes', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', destination: { write: (l) => void lines.push(l) } });
    logger.info(
      { req: { method: 'GET', url: `/ws?token=${SECRET}`, headers: { authorization: `Bearer ${SECRET}` } } },
      'request',
    );
    logger.info(
      { headers: { authorization: SECRET, cookie: SECRET }, token: SECRET, body: { idpToken: SECRET } },
      'fields',
    );
    logger.error({ err: new Error(`fetch /api/z?access_token=${SECRET} failed`) }, 'error');
    expect(lines).toHaveLength(3);
    expect(lines.join('')).not.toContain(SECRET);
    const [request] = lines.map((l) => JSON.parse(l) as { req?: unknown });
    expect(request?.req).toEqual({ method: 'GET', url: '/ws?token=[REDACTED]' });
  });
});
