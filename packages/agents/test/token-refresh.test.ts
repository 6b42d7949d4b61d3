import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiError, RestClient } from '@tilerealm/sdk';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { SESSION_AUDIENCE, SESSION_ISSUER } from '../../server/src/auth/session-tokens';
import { useRealtimeServer } from '../../server/test/e2e/realtime-harness';
import { GameApi } from '../src/game-api';
import { isRefreshDue, isTokenExpired, RefreshTimer, renewDueTokens, tokenTimes } from '../src/token-refresh';
import { removeDir, startRuntime, type TestRuntime } from './runtime-harness';

/** An unsigned JWT-shaped string with the given claims (the runtime never verifies its tokens). */
const fakeJwt = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe('token timing', () => {
  const now = 1_000_000_000_000;
  const s = (ms: number) => Math.floor(ms / 1000);

  it('reads iat/exp without verifying, and nothing from a non-JWT', () => {
    expect(tokenTimes(fakeJwt({ iat: 10, exp: 20 }))).toEqual({ issuedAtMs: 10_000, expiresAtMs: 20_000 });
    expect(tokenTimes('not-a-token')).toBeUndefined();
    expect(tokenTimes(fakeJwt({ sub: 'x' }))).toBeUndefined();
  });

  it('is due within the last 20% of the lifetime, not before and not once expired', () => {
    const day = 86_400_000;
    expect(isRefreshDue(fakeJwt({ iat: s(now - day / 2), exp: s(now + day / 2) }), now)).toBe(false);
    expect(isRefreshDue(fakeJwt({ iat: s(now - 0.9 * day), exp: s(now + 0.1 * day) }), now)).toBe(true);
    expect(isRefreshDue(fakeJwt({ iat: s(now - day), exp: s(now - 1000) }), now)).toBe(false);
    expect(isTokenExpired(fakeJwt({ iat: s(now - day), exp: s(now - 1000) }), now)).toBe(true);
    expect(isRefreshDue(fakeJwt({ exp: s(now + 3_600_000) }), now)).toBe(true);
  });

  it('renews each distinct due token once; a 401 fails it, a 429 ends the pass for a retry', async () => {
    const due = (n: number) => fakeJwt({ iat: s(now - 100_000), exp: s(now + 1000), n });
    const fresh = fakeJwt({ iat: s(now), exp: s(now + 100_000) });
    const sent: string[] = [];
    const outcome = await renewDueTokens(
      async (t) => {
        sent.push(t);
        if (t === due(2)) throw new ApiError(401, 'invalid_token', 'token expired', undefined);
        if (t === due(3)) throw new ApiError(429, 'rate_limited', 'slow down', undefined);
        return { token: `new-${sent.length}` };
      },
      [due(1), due(1), fresh, due(2), due(3), due(4)],
      now,
    );
    expect(sent).toEqual([due(1), due(2), due(3)]);
    expect([...outcome.renewed]).toEqual([[due(1), 'new-1']]);
    expect([...outcome.failed.keys()]).toEqual([due(2), due(3)]);
    expect(outcome.retrySoon).toBe(true);
  });

  it('checks on an unref’d timer, sooner after a failed pass', async () => {
    vi.useFakeTimers();
    try {
      const answers = [true, false];
      const calls: number[] = [];
      const timer = new RefreshTimer(
        async () => {
          calls.push(Date.now());
          return { retrySoon: answers.shift() ?? false };
        },
        1000,
        100,
      );
      const t0 = Date.now();
      timer.start();
      await vi.advanceTimersByTimeAsync(1000);
      await vi.advanceTimersByTimeAsync(100);
      await vi.advanceTimersByTimeAsync(1000);
      timer.stop();
      await vi.advanceTimersByTimeAsync(5000);
      expect(calls.map((c) => c - t0)).toEqual([1000, 1100, 2100]);
    } finally {
      vi.useRealTimers();
    }
  });
});

const agentsFile = z.object({ agents: z.array(z.object({ agentId: z.string(), token: z.string() })) });
const ownerFile = z.object({ token: z.string(), accountId: z.string() });

/** The runtime renews a nearly expired token through the real game server and keeps playing. */
describe('agent runtime token renewal', () => {
  const live = useRealtimeServer({ TICK_MS: '20' });
  let rt: TestRuntime | undefined;
  let accountId = '';
  let agentId = '';

  /** A real session token of the account, issued 400 s ago and expiring in 60 s: due for renewal. */
  const shortLived = async () => {
    const now = Math.floor(Date.now() / 1000);
    const secret = new TextEncoder().encode(live.world.env['JWT_SECRET']);
    return new SignJWT({ anon: true })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(accountId)
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setIssuedAt(now - 400)
      .setExpirationTime(now + 60)
      .sign(secret);
  };
  const readAgents = async (dir: string) =>
    agentsFile.parse(JSON.parse(await readFile(join(dir, 'agents.json'), 'utf8')));

  beforeAll(async () => {
    accountId = (await new RestClient(live.server.url).anonymous()).accountId;
  });
  afterAll(async () => {
    await rt?.close();
    if (rt) await removeDir(rt.dataDir);
  });

  it('renews the owner’s and a running agent’s token, persists both and hands it to the live client', async () => {
    rt = await startRuntime(live.server.url);
    const short = await shortLived();
    await writeFile(join(rt.dataDir, 'owner.json'), JSON.stringify({ token: short, accountId }));
    const me = { accountId, anonymous: true, isAdmin: false };
    agentId = (await rt.runtime.create(short, me, 'Quillon', { start: false })).agentId;
    // POST /api/agents answers a fresh token: make the agent's the nearly expired one too, then start it.
    const created = rt.runtime.get(agentId);
    if (created) created.record.token = short;
    await rt.runtime.start(agentId);
    expect(created?.connection?.client.token).toBe(short);
    expect(created?.status).toBe('running');
    const bot = created?.connection;
    let dropped = false;
    bot?.client.lifecycle.on('disconnected', () => (dropped = true));

    const outcome = await rt.runtime.refreshTokens();
    // The owner and its agent share the token: one renewal serves both.
    expect(outcome.renewed.size).toBe(1);
    const renewed = outcome.renewed.get(short) ?? '';
    expect(tokenTimes(renewed)?.expiresAtMs).toBeGreaterThan(Date.now() + 3_600_000);
    expect(await new GameApi(live.server.url).whoAmI(renewed)).toMatchObject({ accountId });

    expect((await readAgents(rt.dataDir)).agents.find((a) => a.agentId === agentId)?.token).toBe(renewed);
    const owner = ownerFile.parse(JSON.parse(await readFile(join(rt.dataDir, 'owner.json'), 'utf8')));
    expect(owner).toEqual({ token: renewed, accountId });
    const runner = rt.runtime.get(agentId);
    expect(runner?.status).toBe('running');
    expect(runner?.connection?.client.token).toBe(renewed);
    // The agent kept playing on the same connection: only its next reconnect uses the new token.
    expect(runner?.connection).toBe(bot);
    expect(dropped).toBe(false);

    // Nothing is due any more: a second pass leaves everything alone.
    expect((await rt.runtime.refreshTokens()).renewed.size).toBe(0);
  });

  it('renews a saved token at start-up before the agent connects', async () => {
    const dataDir = rt?.dataDir ?? '';
    await rt?.close();
    rt = undefined;
    const short = await shortLived();
    const saved = await readAgents(dataDir);
    const file = z
      .object({ agents: z.array(z.record(z.string(), z.unknown())) })
      .parse(JSON.parse(await readFile(join(dataDir, 'agents.json'), 'utf8')));
    expect(saved.agents).toHaveLength(1);
    for (const a of file.agents) a['token'] = short;
    await writeFile(join(dataDir, 'agents.json'), JSON.stringify(file));

    rt = await startRuntime(live.server.url, { dataDir });
    await rt.runtime.resume();
    const token = (await readAgents(dataDir)).agents[0]?.token ?? '';
    expect(token).not.toBe(short);
    expect(tokenTimes(token)?.expiresAtMs).toBeGreaterThan(Date.now() + 3_600_000);
    const runner = rt.runtime.get(agentId);
    expect(runner?.status).toBe('running');
    expect(runner?.connection?.client.token).toBe(token);
  });
});
