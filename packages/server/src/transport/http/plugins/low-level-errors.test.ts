import { connect, createServer, type Server, type Socket } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { HTTP_ERRORS } from '../errors';
import { clientErrorCode, handleClientError } from './low-level-errors';

/** An instance without a logger: its `log` discards everything. */
const silent = Fastify();

/** A connected pair: `server` is the accepted socket, `client` reads what it is sent. */
async function socketPair(): Promise<{
  server: Socket;
  client: Socket;
  listener: Server;
  received: Promise<string>;
}> {
  const listener = createServer();
  const accepted = new Promise<Socket>((resolve) => listener.once('connection', resolve));
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const address = listener.address();
  if (address === null || typeof address === 'string') throw new Error('not on TCP');
  const client = connect(address.port, '127.0.0.1');
  const received = new Promise<string>((resolve) => {
    let text = '';
    client.on('data', (d: Buffer) => (text += d.toString('utf8')));
    client.on('close', () => resolve(text));
    client.on('error', () => undefined);
  });
  return { server: await accepted, client, listener, received };
}

const open: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((l) => new Promise<void>((resolve) => l.close(() => resolve()))));
});

describe('handleClientError', () => {
  it.each([
    ['HPE_HEADER_OVERFLOW', 431, 'headers_too_large'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, 'request_timeout'],
    ['HPE_INVALID_METHOD', 400, 'bad_request'],
    ['HPE_CHUNK_EXTENSIONS_OVERFLOW', 413, 'payload_too_large'],
  ])('answers %s with %i %s in our body, then closes', async (nodeCode, status, code) => {
    const { server, client, listener, received } = await socketPair();
    open.push(listener);
    handleClientError.call(silent, Object.assign(new Error('parse error'), { code: nodeCode }), server);
    // A second report for the same socket (more bytes after the bad ones) writes nothing more.
    handleClientError.call(silent, Object.assign(new Error('parse error'), { code: nodeCode }), server);
    client.end();
    const text = await received;
    const [head = '', body = ''] = text.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toMatch(new RegExp(`^HTTP/1\\.1 ${status} \\S`));
    expect(head).toContain('Content-Type: application/json');
    expect(head).toContain('Connection: close');
    expect(JSON.parse(body)).toEqual({ error: { code, message: expect.any(String) } });
    expect(HTTP_ERRORS[code as keyof typeof HTTP_ERRORS]).toBe(status);
    expect(text.match(/HTTP\/1\.1/g)).toHaveLength(1);
  });

  it('writes nothing on a reset connection', async () => {
    const { server, client, listener, received } = await socketPair();
    open.push(listener);
    handleClientError.call(silent, Object.assign(new Error('reset'), { code: 'ECONNRESET' }), server);
    client.end();
    server.end();
    expect(await received).toBe('');
  });
});

describe('clientErrorCode', () => {
  it('gives every 4xx a catalogued code sent with the same status, or bad_request', () => {
    for (let status = 400; status < 500; status++) {
      const code = clientErrorCode(status);
      expect([status, 400]).toContain(HTTP_ERRORS[code]);
    }
    expect(clientErrorCode(414)).toBe('uri_too_long');
    expect(clientErrorCode(431)).toBe('headers_too_large');
    expect(clientErrorCode(418)).toBe('bad_request');
  });
});
