import { createServer } from 'node:net';

/** Asks the kernel for a free TCP port on 127.0.0.1 (for a server a test starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}
