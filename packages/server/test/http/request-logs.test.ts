import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REQUEST_ID_LENGTH, REQUEST_ID_HEADER } from '../../src/transport/http/plugins/request-id';
import { anonymous, createTestApp, type TestApp } from '../http-harness';
import { memoryLog, type MemoryLog } from '../support/memory-log';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECRET = 'SECRET-7a3e55c1';

/**
 * Request logs: every request has an id (an incoming well-formed `x-request-id`, else a new UUID),
 * echoed in the response and on each of its log lines; an authenticated request's lines name the
 * account; no credential reaches a line.
 */
describe('request logs', () => {
  let t: TestApp;
  let memory: MemoryLog;
  beforeAll(async () => {
    memory = memoryLog('info');
    t = await createTestApp({ logger: memory.log });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The lines of the request `reqId`. */
  const linesOf = (reqId: string) => memory.lines.filter((l) => l['reqId'] === reqId);

  it('gives a request a new id, echoes it and puts it on every line of the request', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    const id = res.headers[REQUEST_ID_HEADER];
    expect(id).toMatch(UUID);
    const lines = linesOf(String(id));
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    // Every request gets its own.
    const again = await t.app.inject({ method: 'GET', url: '/health' });
    expect(again.headers[REQUEST_ID_HEADER]).toMatch(UUID);
    expect(again.headers[REQUEST_ID_HEADER]).not.toBe(id);
  });

  it('honours a well-formed incoming x-request-id', async () => {
    for (const sent of ['edge-7f3a.42:b_c', 'a', 'x'.repeat(MAX_REQUEST_ID_LENGTH)]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/health',
        headers: { [REQUEST_ID_HEADER]: sent },
      });
      expect(res.headers[REQUEST_ID_HEADER]).toBe(sent);
      expect(linesOf(sent).map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    }
  });

  it('refuses a malformed or too long incoming id and generates one instead', async () => {
    for (const sent of [
      'x'.repeat(MAX_REQUEST_ID_LENGTH + 1),
      'has space',
      'two,ids',
      'quote"d',
      '<script>',
      'newline\\n',
      'ü-unicode',
      '',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/health',
        headers: { [REQUEST_ID_HEADER]: sent },
      });
      const id = String(res.headers[REQUEST_ID_HEADER]);
      expect(id, sent).toMatch(UUID);
      expect(linesOf(id)).toHaveLength(2);
      expect(memory.lines.some((l) => l['reqId'] === sent)).toBe(false);
    }
  });

  it('echoes the id on error responses too', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers[REQUEST_ID_HEADER]).toMatch(UUID);
    // A path the router cannot decode is answered before any hook runs.
    const undecodable = await t.app.inject({
      method: 'GET',
      url: '/api/%zz',
      headers: { [REQUEST_ID_HEADER]: 'undecodable-1' },
    });
    expect(undecodable.statusCode).toBe(400);
    expect(undecodable.headers[REQUEST_ID_HEADER]).toBe('undecodable-1');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { [REQUEST_ID_HEADER]: 'refused-1', authorization: 'Bearer not-a-token' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers[REQUEST_ID_HEADER]).toBe('refused-1');
    // A refused token names no account.
    expect(linesOf('refused-1').some((l) => 'accountId' in l)).toBe(false);
  });

  it("binds an authenticated request's account to its lines, never its token", async () => {
    const who = await anonymous(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { ...who.headers, [REQUEST_ID_HEADER]: 'authed-1' },
    });
    expect(res.statusCode).toBe(200);
    const completed = linesOf('authed-1').find((l) => l.msg === 'request completed');
    expect(completed).toMatchObject({
      reqId: 'authed-1',
      accountId: who.accountId,
      res: { statusCode: 200 },
    });
    expect(memory.text.join('')).not.toContain(who.token);
    // A request without a token names none.
    await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { [REQUEST_ID_HEADER]: 'anon-1' } });
    expect(linesOf('anon-1').length).toBeGreaterThan(0);
    expect(linesOf('anon-1').some((l) => 'accountId' in l)).toBe(false);
  });

  it('keeps credentials in queries, headers and bodies out of every line', async () => {
    const who = await anonymous(t.app);
    const jwt = who.token;
    const requests = [
      { method: 'GET' as const, url: `/ws?token=${SECRET}&characterId=abc` },
      {
        method: 'GET' as const,
        url: `/api/auth/me?token=${jwt}`,
        headers: { authorization: `Bearer ${jwt}` },
      },
      {
        method: 'GET' as const,
        url: `/api/auth/me?access_token=${SECRET}&idp_token=${SECRET}&client_secret=${SECRET}`,
        headers: { authorization: `Bearer ${SECRET}`, cookie: `session=${SECRET}` },
      },
      // The agent runtime's and the metrics scraper's credentials.
      {
        method: 'GET' as const,
        url: '/api/internal/agent-runtime/agents',
        headers: { 'x-agent-runtime-secret': SECRET },
      },
      { method: 'GET' as const, url: '/metrics', headers: { authorization: `Bearer ${SECRET}` } },
      // Identity-provider tokens and a JWT in bodies.
      { method: 'POST' as const, url: '/api/auth/exchange', payload: { idToken: jwt, code: SECRET } },
      { method: 'POST' as const, url: '/api/v1/player', headers: who.headers, payload: { name: jwt } },
    ];
    const before = memory.text.length;
    for (const r of requests) await t.app.inject(r);
    const written = memory.text.slice(before);
    expect(written.filter((l) => l.includes('"request completed"'))).toHaveLength(requests.length);
    const all = written.join('');
    expect(all).toContain('"url":"/ws?token=[REDACTED]&characterId=abc"');
    expect(all).toContain(
      '"url":"/api/auth/me?access_token=[REDACTED]&idp_token=[REDACTED]&client_secret=[REDACTED]"',
    );
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain(jwt);
    expect(all).not.toMatch(/eyJ[\w-]+\.eyJ/);
  });
});
