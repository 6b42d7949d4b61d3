import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Bytes-exact HTTP/1.1 for tests that must send what `inject()` or `fetch()` would normalise or
 * refuse to send (dot segments, raw backslashes, oversized headers, invalid methods).
 */

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Listens on an ephemeral port of 127.0.0.1 and returns the port. */
export async function listenLocally(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on a TCP port');
  return address.port;
}

function decodeChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd === -1) throw new Error('truncated chunked body');
    const size = parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size)) throw new Error('bad chunk size');
    if (size === 0) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** Parses one HTTP/1.1 response; undefined when the server sent nothing. */
export function parseResponse(raw: Buffer): RawResponse | undefined {
  if (raw.length === 0) return undefined;
  const headEnd = raw.indexOf('\r\n\r\n');
  if (headEnd === -1) throw new Error(`incomplete response: ${raw.toString('latin1').slice(0, 200)}`);
  const [statusLine = '', ...lines] = raw.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(headEnd + 4);
  if (headers['transfer-encoding']?.toLowerCase() === 'chunked') body = decodeChunked(body);
  else if (headers['content-length'] !== undefined)
    body = body.subarray(0, Number(headers['content-length']));
  return { status, headers, body: body.toString('utf8') };
}

/**
 * Sends `request` as is on a fresh connection and collects everything until the server closes it
 * (requests should say `Connection: close`). Resolves with what arrived even if the connection
 * ends in an error (a reset after the answer).
 */
export function sendRaw(port: number, request: string | Buffer, timeoutMs = 15_000): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    // write, not end: Node aborts requests still pending when the client half-closes.
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {
      // A reset after the answer: what arrived is what counts; 'close' follows and resolves.
    });
    socket.on('close', () => resolve(Buffer.concat(chunks)));
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error(`no complete answer within ${timeoutMs} ms to ${String(request).slice(0, 80)}`));
    });
  });
}

/** `sendRaw` for a request line and headers (CRLF added), with `Host` and `Connection: close`. */
export async function rawRequest(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<RawResponse | undefined> {
  const all: Record<string, string> = { host: '127.0.0.1', connection: 'close', ...headers };
  if (body !== '' && all['content-length'] === undefined && all['transfer-encoding'] === undefined) {
    all['content-length'] = String(Buffer.byteLength(body));
  }
  const head = Object.entries(all)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return parseResponse(await sendRaw(port, `${method} ${target} HTTP/1.1\r\n${head}\r\n${body}`));
}
