/**
 * Database fault tests: a private PostgreSQL cluster that a test may stop, crash and start again,
 * a TCP proxy that can freeze (a database that accepts connections and never answers), and a
 * poller for conditions with a generous deadline.
 */
import { createServer, connect as tcpConnect, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { findPostgresBinDir, startLocalPostgres, type LocalPostgres } from '../src/storage/local-postgres';
import { createTempDir } from './db-helpers';
import { silentLog } from './support/memory-log';

/** True where PostgreSQL's server binaries are installed (CI has them). */
export const havePostgresBinaries = await findPostgresBinDir().then(
  () => true,
  () => false,
);

const quiet = silentLog();

/** A private cluster in a temporary directory; `dispose()` stops it and removes the directory. */
export async function privatePostgres(): Promise<LocalPostgres & { dispose(): Promise<void> }> {
  const { dir, cleanup } = await createTempDir();
  try {
    const pg = await startLocalPostgres({ dataDir: dir, logger: quiet });
    return {
      ...pg,
      dispose: async () => {
        await pg.stop('immediate').catch(() => undefined);
        await cleanup();
      },
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      const why = last instanceof Error ? ` (last error: ${last.message})` : '';
      throw new Error(`timed out waiting for ${what}${why}`);
    }
    await sleep(50);
  }
}

/**
 * A TCP proxy on 127.0.0.1 in front of `targetPort`. `freeze()` makes the database behind it
 * unreachable the hard way: connections are accepted and bytes are taken, but nothing is passed on
 * in either direction (as with a stopped postmaster, or a network that drops every packet).
 * `thaw()` passes on everything held back, in order.
 */
export class TcpProxy {
  private frozen = false;
  private readonly held: Array<() => void> = [];
  private readonly sockets = new Set<Socket>();

  private readonly server: Server;
  port = 0;

  private constructor(targetPort: number) {
    this.server = createServer((client) => this.accept(client, targetPort));
  }

  static async start(targetPort: number): Promise<TcpProxy> {
    const proxy = new TcpProxy(targetPort);
    await new Promise<void>((resolve, reject) => {
      proxy.server.once('error', reject);
      proxy.server.listen(0, '127.0.0.1', resolve);
    });
    const address = proxy.server.address();
    proxy.port = typeof address === 'object' && address ? address.port : 0;
    return proxy;
  }

  freeze(): void {
    this.frozen = true;
  }

  thaw(): void {
    this.frozen = false;
    for (const run of this.held.splice(0)) run();
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Runs `step` now, or when thawed (in the order held). */
  private pass(step: () => void): void {
    if (this.frozen) this.held.push(step);
    else step();
  }

  private accept(client: Socket, targetPort: number): void {
    this.track(client);
    let upstream: Socket | undefined;
    const early: Buffer[] = [];
    client.on('data', (chunk: Buffer) =>
      this.pass(() => (upstream ? upstream.write(chunk) : early.push(chunk))),
    );
    client.on('close', () => this.pass(() => upstream?.destroy()));
    this.pass(() => {
      upstream = this.track(tcpConnect(targetPort, '127.0.0.1'));
      for (const chunk of early.splice(0)) upstream.write(chunk);
      upstream.on('data', (chunk: Buffer) => this.pass(() => client.write(chunk)));
      upstream.on('close', () => this.pass(() => client.destroy()));
    });
  }

  private track(socket: Socket): Socket {
    this.sockets.add(socket);
    // A reset on either side only ends the pair; the test sees it as a closed connection.
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
    return socket;
  }
}
