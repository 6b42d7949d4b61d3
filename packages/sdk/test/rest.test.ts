import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, RestClient, socketUrlOf } from '../src/index';

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

  it('derives the WebSocket address from the HTTP base address', () => {
    expect(socketUrlOf('http://localhost:5555')).toBe('ws://localhost:5555/ws');
    expect(socketUrlOf('https://api.example.org/')).toBe('wss://api.example.org/ws');
  });
});
