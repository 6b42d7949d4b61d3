/**
 * The per-address limits of `/ws` (transport/ws/address-limits.ts), on a real server over loopback:
 * the cap on the connections one address holds (4015) and the limit on logins whose token is
 * refused (4002; a budget of their own, apart from the address's HTTP sign-ins); the agent runtime's
 * sockets, which carry its secret, are exempt from both. Every address of 127.0.0.0/8 reaches
 * the server on Linux, so each test speaks from addresses of its own (`localAddress`) and its
 * budgets are its own.
 */
import { request } from 'node:http';
import { CLOSE_CODES } from '@tilerealm/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { z } from 'zod';
import { useRealtimeServer, wsUrl, type LiveServer } from './realtime-harness';

const WAIT = { timeout: 10_000, interval: 20 };
const envelope = z.object({ event: z.string(), data: z.record(z.string(), z.unknown()) });

/** How a login ended: in the world (the welcome's data), or closed with a code. */
type Outcome = { welcome: Record<string, unknown> } | { code: number };

interface Socket {
  ws: WebSocket;
  outcome: Promise<Outcome>;
  /** The close code, once closed. */
  closed: Promise<number>;
  /** Every message received (a `session:closing` before a refusal among them). */
  messages: Array<z.infer<typeof envelope>>;
}

const opened: WebSocket[] = [];
afterEach(() => {
  for (const ws of opened.splice(0)) ws.terminate();
});

/** Opens `/ws?query` from the loopback address `from`, with `headers` on the upgrade. */
function open(live: LiveServer, from: string, query = '', headers: Record<string, string> = {}): Socket {
  const ws = new WebSocket(`${wsUrl(live.server)}${query}`, { localAddress: from, headers });
  opened.push(ws);
  ws.on('error', () => undefined);
  const messages: Socket['messages'] = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const outcome = new Promise<Outcome>((resolve) => {
    ws.on('message', (data) => {
      const value: unknown = JSON.parse(String(data));
      for (const m of Array.isArray(value) ? value : [value]) {
        const message = envelope.parse(m);
        messages.push(message);
        if (message.event === 'session:welcome') resolve({ welcome: message.data });
      }
    });
    void closed.then((code) => resolve({ code }));
  });
  return { ws, outcome, closed, messages };
}

/** The query of a login with `token` (and `extra` parameters). */
const withToken = (token: string, extra = '') => `?token=${encodeURIComponent(token)}${extra}`;

/** POST /api/auth/anonymous from `from`: its status and, on success, the new token. */
function signIn(live: LiveServer, from = '127.0.0.1'): Promise<{ status: number; token?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${live.server.url}/api/auth/anonymous`,
      { method: 'POST', localAddress: from },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status !== 201) return resolve({ status });
          resolve({ status, token: z.object({ token: z.string() }).parse(JSON.parse(body)).token });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function token(live: LiveServer): Promise<string> {
  const { token } = await signIn(live);
  if (token === undefined) throw new Error('no token');
  return token;
}

const welcomed = expect.objectContaining({ welcome: expect.anything() as unknown });

describe('the connection cap per address (rate limits on, WS_CONNECTIONS_PER_ADDRESS=3)', () => {
  const live = useRealtimeServer({ DISABLE_RATE_LIMIT: 'false', WS_CONNECTIONS_PER_ADDRESS: '3' });
  const slots = () => live.server.gateway.limits.connections;

  it('closes the 4th socket of an address with 4015 before reading it; a closed socket frees its slot', async () => {
    const from = '127.0.0.2';
    const held = [open(live, from), open(live, from), open(live, from)];
    for (const s of held) expect(await s.outcome).toEqual(welcomed);
    expect(slots().heldBy(from)).toBe(3);

    // Refused whatever it carries: its token (a bad one would be 4001) is never looked at.
    const refusedBefore = live.server.gateway.traffic.connectionsRefusedPerAddress;
    const fourth = open(live, from, withToken('not-a-token'));
    expect(await fourth.outcome).toEqual({ code: CLOSE_CODES.tooManyConnections });
    expect(live.server.gateway.traffic.connectionsRefusedPerAddress).toBe(refusedBefore + 1);
    expect(fourth.messages).toEqual([
      {
        event: 'session:closing',
        data: {
          code: CLOSE_CODES.tooManyConnections,
          reason: expect.stringContaining('at most 3') as unknown,
        },
      },
    ]);
    expect(slots().heldBy(from)).toBe(3);
    // Another address is not concerned.
    expect(await open(live, '127.0.0.3').outcome).toEqual(welcomed);

    held[0]?.ws.close(1000);
    await vi.waitFor(() => expect(slots().heldBy(from)).toBe(2), WAIT);
    expect(await open(live, from).outcome).toEqual(welcomed);
    expect(await open(live, from).outcome).toEqual({ code: CLOSE_CODES.tooManyConnections });
  });

  it('gives the slot back however the socket ends, and forgets the address at zero', async () => {
    const from = '127.0.0.4';
    const held = () => slots().heldBy(from);
    // Refused by the login itself (no such character, a malformed parameter): the slot comes back.
    expect(await open(live, from, '?characterId=nobody').outcome).toEqual({
      code: CLOSE_CODES.characterUnavailable,
    });
    expect(await open(live, from, '?takeover=maybe').outcome).toEqual({ code: CLOSE_CODES.unauthorized });
    await vi.waitFor(() => expect(held()).toBe(0), WAIT);

    const [closing, dropped, kicked] = [open(live, from), open(live, from), open(live, from)];
    const kickedLogin = await kicked.outcome;
    for (const s of [closing, dropped]) expect(await s.outcome).toEqual(welcomed);
    expect(held()).toBe(3);
    closing.ws.close(1000); // the client closes
    await vi.waitFor(() => expect(held()).toBe(2), WAIT);
    dropped.ws.terminate(); // the connection drops without a close frame
    await vi.waitFor(() => expect(held()).toBe(1), WAIT);
    if (!('welcome' in kickedLogin)) throw new Error('not logged in');
    live.server.gateway.disconnect(String(kickedLogin.welcome['playerId']), CLOSE_CODES.kicked, 'kicked');
    expect(await kicked.closed).toBe(CLOSE_CODES.kicked);
    // No address is left in the table (the earlier test's sockets were cut after it too).
    await vi.waitFor(() => expect(slots().addresses).toBe(0), WAIT);

    // The server's drain closes the rest: nothing is left counted once it has stopped.
    const last = [open(live, from), open(live, '127.0.0.5')];
    for (const s of last) expect(await s.outcome).toEqual(welcomed);
    const gateway = live.server.gateway;
    expect(gateway.limits.connections.addresses).toBe(2);
    await live.restart();
    expect(gateway.limits.connections.addresses).toBe(0);
    expect(await open(live, from).outcome).toEqual(welcomed);
  });
});

describe('refused tokens under their own limit of 10 a minute (rate limits on)', () => {
  const live = useRealtimeServer({ DISABLE_RATE_LIMIT: 'false' });

  it('closes logins from an address with 4002 after 10 refused tokens, a valid token too', async () => {
    const good = await token(live);
    const from = '127.0.0.6';
    for (let i = 0; i < 10; i++) {
      const refused = open(live, from, withToken(`not-a-token-${i}`));
      expect(await refused.outcome).toEqual({ code: CLOSE_CODES.unauthorized });
    }
    expect(await open(live, from, withToken('not-a-token')).outcome).toEqual({
      code: CLOSE_CODES.rateLimited,
    });
    // Over the limit, the token is not looked at: a valid one is refused alike, and so is a spectate login.
    const valid = open(live, from, withToken(good));
    expect(await valid.outcome).toEqual({ code: CLOSE_CODES.rateLimited });
    expect(valid.messages[0]?.data['reason']).toMatch(/too many refused tokens.*retry in \d+ s/);
    expect(await open(live, from, withToken(good, '&spectate=someone')).outcome).toEqual({
      code: CLOSE_CODES.rateLimited,
    });
    // Another address has its own budget.
    expect(await open(live, '127.0.0.7', withToken(good)).outcome).toEqual(welcomed);
  });

  it('never counts a valid token; counts refused spectate tokens too', async () => {
    const good = await token(live);
    const from = '127.0.0.8';
    for (let i = 0; i < 12; i++) {
      const s = open(live, from, withToken(good));
      expect(await s.outcome).toEqual(welcomed);
      s.ws.close(1000);
      await s.closed;
    }
    for (let i = 0; i < 10; i++) {
      const query = i % 2 === 0 ? withToken('not-a-token', '&spectate=someone') : withToken('not-a-token');
      expect(await open(live, from, query).outcome).toEqual({ code: CLOSE_CODES.unauthorized });
    }
    expect(await open(live, from, withToken(good)).outcome).toEqual({ code: CLOSE_CODES.rateLimited });
  });

  it('keeps them apart from the HTTP sign-ins of the address: neither locks the other', async () => {
    const good = await token(live);
    const signedIn = '127.0.0.9';
    // More sign-ins than the authentication limit: the HTTP endpoints refuse the address (429)...
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signIn(live, signedIn)).status);
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429, 429]);
    // ...but its WebSocket logins with a valid token are not concerned.
    const valid = open(live, signedIn, withToken(good));
    expect(await valid.outcome).toEqual(welcomed);
    valid.ws.close(1000);
    await valid.closed;
    // Its own refused tokens still lock them after 10.
    for (let i = 0; i < 10; i++)
      expect(await open(live, signedIn, withToken('not-a-token')).outcome).toEqual({
        code: CLOSE_CODES.unauthorized,
      });
    expect(await open(live, signedIn, withToken(good)).outcome).toEqual({ code: CLOSE_CODES.rateLimited });

    // And the reverse: refused WebSocket tokens leave the address's HTTP sign-ins alone.
    const refused = '127.0.0.10';
    for (let i = 0; i < 10; i++)
      expect(await open(live, refused, withToken('not-a-token')).outcome).toEqual({
        code: CLOSE_CODES.unauthorized,
      });
    expect(await open(live, refused, withToken(good)).outcome).toEqual({ code: CLOSE_CODES.rateLimited });
    expect((await signIn(live, refused)).status).toBe(201);
  });
});

describe('with rate limits off (DISABLE_RATE_LIMIT=true, WS_CONNECTIONS_PER_ADDRESS=3)', () => {
  const live = useRealtimeServer({ WS_CONNECTIONS_PER_ADDRESS: '3' });

  it('neither caps the connections of an address nor counts its refused tokens', async () => {
    const from = '127.0.0.11';
    const sockets = Array.from({ length: 5 }, () => open(live, from));
    for (const s of sockets) expect(await s.outcome).toEqual(welcomed);
    expect(live.server.gateway.limits.connections.addresses).toBe(0);
    for (let i = 0; i < 12; i++)
      expect(await open(live, from, withToken('not-a-token')).outcome).toEqual({
        code: CLOSE_CODES.unauthorized,
      });
    const good = await token(live);
    expect(await open(live, from, withToken(good)).outcome).toEqual(welcomed);
  });
});

describe("the agent runtime's sockets (rate limits on, WS_CONNECTIONS_PER_ADDRESS=2)", () => {
  const SECRET = 'ws-address-limits-runtime-secret-0123456789';
  const live = useRealtimeServer({
    DISABLE_RATE_LIMIT: 'false',
    WS_CONNECTIONS_PER_ADDRESS: '2',
    AGENT_RUNTIME_SECRET: SECRET,
  });
  const slots = () => live.server.gateway.limits.connections;
  const runtime = { 'X-Agent-Runtime-Secret': SECRET };

  it('lets every socket carrying the runtime secret past the cap, taking no slot; others are counted', async () => {
    const from = '127.0.0.12';
    const agents = [
      open(live, from, '', runtime),
      open(live, from, '', runtime),
      open(live, from, '', runtime),
    ];
    for (const s of agents) expect(await s.outcome).toEqual(welcomed);
    expect(slots().heldBy(from)).toBe(0);
    const players = [open(live, from), open(live, from)];
    for (const s of players) expect(await s.outcome).toEqual(welcomed);
    expect(slots().heldBy(from)).toBe(2);

    // Over the cap, a socket without the secret or with a wrong one is refused like any other,
    // and the wrong secret is never echoed back.
    const wrong = 'not-the-runtime-secret-0123456789abcdef';
    const without = open(live, from);
    const wrongOne = open(live, from, '', { 'X-Agent-Runtime-Secret': wrong });
    expect(await without.outcome).toEqual({ code: CLOSE_CODES.tooManyConnections });
    expect(await wrongOne.outcome).toEqual({ code: CLOSE_CODES.tooManyConnections });
    expect(JSON.stringify(wrongOne.messages)).not.toContain(wrong);
    expect(slots().heldBy(from)).toBe(2);

    // The runtime's still connect with the address at its cap, and their close gives no slot back.
    const traffic = live.server.gateway.traffic;
    const fourth = open(live, from, '', runtime);
    expect(await fourth.outcome).toEqual(welcomed);
    await vi.waitFor(() => expect(traffic.connectionsOpen).toBe(6), WAIT); // the refused two are gone
    fourth.ws.close(1000);
    // The server counts a socket closed and gives its slot back in one 'close' event.
    await vi.waitFor(() => expect(traffic.connectionsOpen).toBe(5), WAIT);
    expect(slots().heldBy(from)).toBe(2);
    expect(await open(live, from).outcome).toEqual({ code: CLOSE_CODES.tooManyConnections });
    players[0]?.ws.close(1000);
    await vi.waitFor(() => expect(slots().heldBy(from)).toBe(1), WAIT);
    expect(await open(live, from).outcome).toEqual(welcomed);
  });

  it("keeps the runtime's logins out of the refused tokens' limit: neighbours cannot lock them, nor they the neighbours", async () => {
    const good = await token(live);
    const from = '127.0.0.13';
    // Someone sharing the runtime's address spends the address's budget of refused tokens...
    for (let i = 0; i < 10; i++)
      expect(await open(live, from, withToken(`not-a-token-${i}`)).outcome).toEqual({
        code: CLOSE_CODES.unauthorized,
      });
    expect(await open(live, from, withToken(good)).outcome).toEqual({ code: CLOSE_CODES.rateLimited });
    // ...and the runtime's logins still have their token read: a valid one enters, a wrong one is refused as such.
    const agent = open(live, from, withToken(good), runtime);
    expect(await agent.outcome).toEqual(welcomed);
    expect(await open(live, from, withToken('not-a-token'), runtime).outcome).toEqual({
      code: CLOSE_CODES.unauthorized,
    });
    // The runtime's own refused tokens are not counted against its address.
    const other = '127.0.0.14';
    for (let i = 0; i < 12; i++)
      expect(await open(live, other, withToken(`stale-${i}`), runtime).outcome).toEqual({
        code: CLOSE_CODES.unauthorized,
      });
    const neighbour = open(live, other, withToken(await token(live)));
    expect(await neighbour.outcome).toEqual(welcomed);
  });
});
