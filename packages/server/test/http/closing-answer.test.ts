import { createServer, request } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../http-harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.database.close());

it('answers requests that arrive while the server closes with 503 service_unavailable in our body', async () => {
  expect((await t.app.inject('/health')).statusCode).toBe(200);
  await t.app.close();
  // inject() refuses a closed instance; the router still takes a request handed to it directly, as
  // it does one arriving on a connection that was open when shutdown began.
  const server = createServer((req, res) => t.app.routing(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not on TCP');
  try {
    const answer = await new Promise<{ status: number; body: string; connection: string | undefined }>(
      (resolve, reject) => {
        request({ port: address.port, host: '127.0.0.1', path: '/api/template' }, (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString('utf8')));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }),
          );
        })
          .on('error', reject)
          .end();
      },
    );
    expect(answer.status).toBe(503);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'service_unavailable', message: 'the server is shutting down' },
    });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
