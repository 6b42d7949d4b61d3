import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  decodeFrame,
  encodeEnvelope,
  encodeFrame,
  MSGPACK_SUBPROTOCOL,
  PROTOCOL_VERSION,
  validateInbound,
  type ClientMessage,
  type Rid,
  type ServerEventName,
  type ServerPayload,
  type WireFormat,
} from '@tilerealm/protocol';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';

/** One client connection as the fake server sees it. */
export class FakeConnection {
  /** Validated client messages in arrival order. */
  readonly received: Array<{ message: ClientMessage; rid: Rid | undefined; binary: boolean }> = [];
  private waiters: Array<() => void> = [];

  constructor(
    readonly ws: WebSocket,
    readonly format: WireFormat,
    readonly query: URLSearchParams,
    readonly authorization: string | undefined,
    /** Every header of the upgrade request (names in lower case). */
    readonly headers: IncomingHttpHeaders = {},
  ) {}

  /** The token the client presented, from the query or the Authorization header. */
  get token(): string | undefined {
    return this.query.get('token') ?? this.authorization?.replace(/^Bearer /, '');
  }

  send<E extends ServerEventName>(event: E, data: ServerPayload<E>, rid?: Rid): void {
    this.ws.send(encodeEnvelope(rid === undefined ? { event, data } : { event, data, rid }, this.format));
  }

  /** Sends several envelopes in one frame, as the server sends one tick's messages. */
  sendBatch(envelopes: ReadonlyArray<{ event: ServerEventName; data: unknown; rid?: Rid }>): void {
    this.ws.send(encodeFrame(envelopes, this.format));
  }

  /** Sends a raw frame (to test how the client copes with bad input). */
  sendRaw(frame: string): void {
    this.ws.send(frame);
  }

  welcome(overrides: Partial<ServerPayload<'session:welcome'>> = {}): void {
    this.send('session:welcome', {
      protocolVersion: PROTOCOL_VERSION,
      playerId: 'p1',
      accountId: 'a1',
      name: 'Tester',
      tick: 100,
      tickMs: 600,
      resumed: false,
      ...overrides,
    });
  }

  /** Resolves with the `index`-th message received (0-based), waiting for it if needed. */
  async message(index: number): Promise<FakeConnection['received'][number]> {
    while (this.received.length <= index) await new Promise<void>((resolve) => this.waiters.push(resolve));
    const entry = this.received[index];
    if (!entry) throw new Error('unreachable');
    return entry;
  }

  record(raw: RawData, isBinary: boolean): FakeConnection['received'][number] | undefined {
    const bytes = Array.isArray(raw)
      ? Buffer.concat(raw)
      : Buffer.from(raw instanceof ArrayBuffer ? new Uint8Array(raw) : raw);
    const decoded = decodeFrame(isBinary ? bytes : bytes.toString('utf8'), isBinary, this.format);
    if (!decoded.ok) throw new Error(`fake server: ${decoded.message}`);
    const inbound = validateInbound(decoded.value);
    if (!inbound.ok) throw new Error(`fake server: ${inbound.message}`);
    const entry = { message: inbound.message, rid: inbound.rid, binary: isBinary };
    this.received.push(entry);
    for (const wake of this.waiters.splice(0)) wake();
    return entry;
  }
}

/** What the fake server does with a connection and each message; tests replace these. */
export interface FakeBehaviour {
  onConnect(conn: FakeConnection, index: number): void;
  onMessage(conn: FakeConnection, entry: FakeConnection['received'][number]): void;
}

/**
 * The default behaviour, close to the real server's: a welcome (with a fresh token when the
 * client came without one), `pong` for ping, `player:sync` for requestSync, `error` with the rid in
 * the payload for moves more than 200 tiles away, silence for chat "silence", `ack` for the rest.
 */
export const defaultBehaviour: FakeBehaviour = {
  onConnect(conn, index) {
    conn.welcome(
      conn.token === undefined
        ? { token: `anon-${index}`, tick: 100 + index }
        : { tick: 100 + index, resumed: index > 0 },
    );
  },
  onMessage(conn, { message, rid }) {
    if (rid === undefined) return;
    switch (message.event) {
      case 'ping':
        conn.send('pong', { t: message.data.t, tick: 101 }, rid);
        return;
      case 'player:requestSync':
        conn.send('player:sync', { tick: 102, player: samplePlayer }, rid);
        return;
      case 'player:move':
        if (Math.abs(message.data.x) > 200) {
          conn.send('error', { code: 'path_too_far', message: 'too far', rid });
          return;
        }
        conn.send('ack', { event: message.event, result: { steps: Math.abs(message.data.x) } }, rid);
        return;
      case 'player:chat':
        if (message.data.message === 'silence') return;
        conn.send('ack', { event: message.event }, rid);
        return;
      default:
        conn.send('ack', { event: message.event }, rid);
    }
  },
};

export const samplePlayer: ServerPayload<'player:sync'>['player'] = {
  id: 'p1',
  accountId: 'a1',
  name: 'Tester',
  combatLevel: 3,
  health: 10,
  maxHealth: 10,
  coins: 0,
  position: { x: 0, z: 0, y: 10, running: false, runEnergy: 10_000, moving: false },
  skills: { attack: { level: 1, xp: 0 } },
  isAdmin: false,
  areaId: null,
  inventory: [],
  equipment: [],
  combat: { styleId: 'punch', autoRetaliate: true },
  prayer: { points: 1, active: [] },
  questPoints: 0,
  homeTeleportCooldownTicks: 0,
};

/** A tiny WebSocket server on 127.0.0.1 (port 0) that speaks the protocol envelope at /ws. */
export class FakeGameServer {
  readonly connections: FakeConnection[] = [];
  behaviour: FakeBehaviour = { ...defaultBehaviour };
  private connectionWaiters: Array<() => void> = [];

  private constructor(private readonly wss: WebSocketServer) {
    wss.on('connection', (ws: WebSocket, req: IncomingMessage) => this.accept(ws, req));
  }

  static async start(): Promise<FakeGameServer> {
    const wss = new WebSocketServer({
      host: '127.0.0.1',
      port: 0,
      path: '/ws',
      handleProtocols: (protocols) => (protocols.has(MSGPACK_SUBPROTOCOL) ? MSGPACK_SUBPROTOCOL : false),
    });
    await new Promise<void>((resolve) => wss.once('listening', resolve));
    return new FakeGameServer(wss);
  }

  get url(): string {
    const address: AddressInfo | string | null = this.wss.address();
    if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
    return `ws://127.0.0.1:${address.port}/ws`;
  }

  /** Resolves with the `index`-th connection (0-based), waiting for it if needed. */
  async connection(index: number): Promise<FakeConnection> {
    while (this.connections.length <= index)
      await new Promise<void>((resolve) => this.connectionWaiters.push(resolve));
    const conn = this.connections[index];
    if (!conn) throw new Error('unreachable');
    return conn;
  }

  async stop(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    await new Promise<void>((resolve, reject) => this.wss.close((err) => (err ? reject(err) : resolve())));
  }

  private accept(ws: WebSocket, req: IncomingMessage): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const format: WireFormat = ws.protocol === MSGPACK_SUBPROTOCOL ? 'msgpack' : 'json';
    const conn = new FakeConnection(ws, format, url.searchParams, req.headers.authorization, req.headers);
    const index = this.connections.length;
    this.connections.push(conn);
    ws.on('message', (raw, isBinary) => {
      const entry = conn.record(raw, isBinary);
      if (entry) this.behaviour.onMessage(conn, entry);
    });
    this.behaviour.onConnect(conn, index);
    for (const wake of this.connectionWaiters.splice(0)) wake();
  }
}
