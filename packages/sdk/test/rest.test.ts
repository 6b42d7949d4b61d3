import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, httpBaseOf, RestClient, socketUrlOf } from '../src/index';

interface Seen {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  body: string;
}

let server: Server;
let baseUrl: string;
const seen: Seen[] = [];
let respond: (req: IncomingMessage, res: ServerResponse) => void;

const player = {
  id: 'c1',
  accountId: 'acc_1',
  name: 'Wanderer',
  combatLevel: 3,
  health: 10,
  maxHealth: 10,
  coins: 0,
  questPoints: 0,
  position: { x: 0, y: 10, z: 0 },
  skills: { attack: { level: 1, xp: 0 } },
  totalLevel: 23,
};

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

beforeEach(async () => {
  seen.length = 0;
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body });
      respond(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('RestClient', () => {
  it('gets an anonymous identity, keeps its token and uses it to create and read the player', async () => {
    respond = (req, res) => {
      if (req.url === '/api/auth/anonymous') {
        json(res, 201, {
          token: 'tok',
          tokenType: 'Bearer',
          accountId: 'acc_1',
          anonymous: true,
          expiresAt: '2030-01-01T00:00:00.000Z',
        });
      } else if (req.method === 'POST') json(res, 201, { player, created: true });
      else json(res, 200, { player, created: false });
    };
    const rest = new RestClient(baseUrl);
    await expect(rest.anonymous()).resolves.toMatchObject({ token: 'tok', accountId: 'acc_1' });
    expect(rest.token).toBe('tok');
    const created = await rest.createPlayer('Wanderer', 'warrior');
    expect(created.player).toMatchObject({ name: 'Wanderer', totalLevel: 23 });
    expect(created.created).toBe(true);
    await expect(rest.getPlayer()).resolves.toMatchObject({ player: { id: 'c1' } });
    expect(seen.map((s) => [s.method, s.url, s.authorization])).toEqual([
      ['POST', '/api/auth/anonymous', undefined],
      ['POST', '/api/v1/player', 'Bearer tok'],
      ['GET', '/api/v1/player', 'Bearer tok'],
    ]);
    expect(JSON.parse(seen[1]?.body ?? '')).toEqual({ name: 'Wanderer', template: 'warrior' });
  });

  it("surfaces the server's error body as an ApiError", async () => {
    respond = (_req, res) =>
      json(res, 409, { error: { code: 'name_taken', message: 'the name Wanderer is already taken' } });
    const error = await new RestClient(baseUrl, 'tok').createPlayer('Wanderer').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'name_taken',
      message: 'the name Wanderer is already taken',
    });
  });

  it('reports a non-JSON error and an unexpected success body as ApiErrors', async () => {
    respond = (_req, res) => res.writeHead(502).end('bad gateway');
    await expect(new RestClient(baseUrl).anonymous()).rejects.toMatchObject({
      status: 502,
      code: 'http_502',
    });
    respond = (_req, res) => json(res, 200, { nope: true });
    await expect(new RestClient(baseUrl, 't').getPlayer()).rejects.toMatchObject({
      status: 200,
      code: 'bad_response',
    });
  });

  it('derives the WebSocket address from the HTTP base address, and back', () => {
    expect(socketUrlOf('http://localhost:5555')).toBe('ws://localhost:5555/ws');
    expect(socketUrlOf('https://api.example.org/')).toBe('wss://api.example.org/ws');
    expect(httpBaseOf('ws://localhost:5555/ws')).toBe('http://localhost:5555');
    expect(httpBaseOf('wss://api.example.org/ws?token=x')).toBe('https://api.example.org');
    expect(httpBaseOf('wss://example.org/game/ws')).toBe('https://example.org/game');
  });
});

describe('RestClient token refresh', () => {
  const now = Date.UTC(2030, 0, 1);
  const s = (ms: number) => Math.floor(ms / 1000);
  /** An unsigned JWT-shaped token with the given times (clients never verify their tokens). */
  const jwt = (iatMs: number, expMs: number) =>
    `e30.${Buffer.from(JSON.stringify({ iat: s(iatMs), exp: s(expMs) })).toString('base64url')}.sig`;
  const day = 86_400_000;

  beforeEach(() => {
    respond = (req, res) => {
      if (req.url === '/api/auth/refresh' && req.method === 'POST')
        json(res, 200, {
          token: jwt(now, now + 30 * day),
          expiresAt: new Date(now + 30 * day).toISOString(),
        });
      else if (req.url === '/api/auth/me') json(res, 200, { accountId: 'acc_1', anonymous: true });
      else json(res, 404, { error: { code: 'not_found', message: 'no' } });
    };
  });

  it('renews a token in the last 20% of its life and keeps the new one', async () => {
    const old = jwt(now - 25 * day, now + 5 * day);
    const rest = new RestClient(baseUrl, old);
    const fresh = await rest.refreshIfDue(now);
    expect(fresh?.token).toBe(jwt(now, now + 30 * day));
    expect(rest.token).toBe(fresh?.token);
    expect(seen.map((r) => [r.method, r.url, r.authorization])).toEqual([
      ['POST', '/api/auth/refresh', `Bearer ${old}`],
    ]);
    await expect(rest.me()).resolves.toMatchObject({ accountId: 'acc_1', anonymous: true });
    expect(seen[1]?.authorization).toBe(`Bearer ${fresh?.token ?? ''}`);
  });

  it('leaves a token alone while more than 20% of its life is left, or once it has expired', async () => {
    const young = new RestClient(baseUrl, jwt(now - 23 * day, now + 7 * day));
    await expect(young.refreshIfDue(now)).resolves.toBeUndefined();
    const expired = new RestClient(baseUrl, jwt(now - 30 * day, now - 1000));
    await expect(expired.refreshIfDue(now)).resolves.toBeUndefined();
    await expect(new RestClient(baseUrl).refreshIfDue(now)).resolves.toBeUndefined();
    expect(seen).toEqual([]);
  });

  it('surfaces a refused renewal as an ApiError and keeps the old token', async () => {
    respond = (_req, res) => json(res, 401, { error: { code: 'invalid_token', message: 'token expired' } });
    const old = jwt(now - 25 * day, now + 5 * day);
    const rest = new RestClient(baseUrl, old);
    await expect(rest.refreshIfDue(now)).rejects.toMatchObject({ status: 401, code: 'invalid_token' });
    expect(rest.token).toBe(old);
  });
});
