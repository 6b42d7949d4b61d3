/**
 * A TCP proxy in front of a database that can be frozen: from then on nothing passes either way and
 * no socket is closed, as with a database server that hangs or a network that drops everything.
 */
import { connect, createServer, type Socket } from 'node:net';

export interface FreezableProxy {
  port: number;
  /** Stops all traffic, on open connections and new ones, without closing anything. */
  freeze(): void;
  close(): Promise<void>;
}

export async function startFreezableProxy(target: { host: string; port: number }): Promise<FreezableProxy> {
  let frozen = false;
  const sockets = new Set<Socket>();
  const pairs: Array<[Socket, Socket]> = [];
  const track = (s: Socket) => {
    sockets.add(s);
    // Either side going away is normal here (the proxy is torn down, the server exits).
    s.on('error', () => undefined);
    s.on('close', () => sockets.delete(s));
  };
  const server = createServer((client) => {
    track(client);
    if (frozen) return void client.pause();
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    pairs.push([client, upstream]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    freeze() {
      frozen = true;
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
