import { createServer } from 'node:net';

/** A free loopback port (servers under benchmark run in their own process). */
export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const address = srv.address();
  await new Promise((resolve) => srv.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
