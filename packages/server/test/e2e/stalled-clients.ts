/**
 * Clients that misbehave the way real ones do at the worst moment: they stop reading, never answer
 * a WebSocket close, never finish a request. Built on raw TCP sockets so nothing reads for them.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

async function open(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  // The server cuts these sockets at shutdown (ECONNRESET): expected, and nothing to report.
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('close', () => reject(new Error(`could not connect to ${url}`)));
  });
  return socket;
}

/** Reads until `marker` has arrived, then stops reading for good. */
function readUntil(socket: Socket, marker: string): Promise<void> {
  let seen = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('latin1');
      if (!seen.includes(marker)) return;
      socket.off('data', onData);
      socket.pause();
      resolve();
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error(`the connection closed before ${JSON.stringify(marker)}`)));
  });
}

/**
 * A WebSocket session (anonymous login at `url`'s /ws) that reads until its `session:welcome`, then
 * never reads again: it never sees `session:closing`, never answers the close handshake.
 */
export async function stalledWebSocket(url: string): Promise<Socket> {
  const socket = await open(url);
  const { host } = new URL(url);
  socket.write(
    `GET /ws HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  await readUntil(socket, 'session:welcome');
  return socket;
}

/**
 * An HTTP client that sends `count` pipelined requests for `path` and stops reading after the first
 * response's status line: the server is left in the middle of writing responses nobody takes.
 */
export async function stalledHttpClient(url: string, path: string, count: number): Promise<Socket> {
  const socket = await open(url);
  const { host } = new URL(url);
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`.repeat(count));
  await readUntil(socket, 'HTTP/1.1 200');
  return socket;
}

/** An HTTP client that sends half a request and nothing more. */
export async function halfRequest(url: string): Promise<Socket> {
  const socket = await open(url);
  socket.pause();
  socket.write(`GET /health HTTP/1.1\r\nHost: ${new URL(url).host}\r\n`);
  return socket;
}
