import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer } from './server';
import type { GameSession } from './session';

/** Largest request body accepted (JSON-RPC messages are small). */
const MAX_BODY = 1_048_576;
/** MCP sessions kept at most at once; the oldest is closed beyond it. */
const MAX_SESSIONS = 32;

export interface McpHttpServer {
  /** The endpoint, e.g. `http://127.0.0.1:4100/mcp`. */
  url: string;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/**
 * Serves the game tools over the MCP streamable HTTP transport at `/mcp` (POST for requests, GET for
 * the server's stream, DELETE to end a session). Each MCP session (an `initialize` without an
 * `mcp-session-id`) gets its own McpServer; all of them play the one game session. On a loopback
 * address, requests whose Host header names another host are refused (DNS-rebinding protection).
 */
export async function startHttpServer(
  session: GameSession,
  host: string,
  port: number,
  log: (msg: string) => void,
): Promise<McpHttpServer> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  let allowedHosts: string[] | undefined;

  const newTransport = (): StreamableHTTPServerTransport => {
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports.set(id, transport);
        if (transports.size > MAX_SESSIONS) {
          const oldest = transports.keys().next().value;
          if (oldest !== undefined) void transports.get(oldest)?.close();
        }
      },
      ...(allowedHosts ? { enableDnsRebindingProtection: true, allowedHosts } : {}),
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) transports.delete(transport.sessionId);
    };
    return transport;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== '/mcp') return reply(res, 404, 'not_found', 'the MCP endpoint is /mcp');
    const sessionId = header(req, 'mcp-session-id');
    let body: unknown;
    if (req.method === 'POST') {
      const parsed = await readJson(req);
      if (!parsed.ok) return reply(res, parsed.status, 'bad_request', parsed.message);
      body = parsed.value;
    }
    let transport = sessionId === undefined ? undefined : transports.get(sessionId);
    if (!transport) {
      if (sessionId !== undefined)
        return reply(res, 404, 'session_not_found', 'unknown or closed MCP session');
      if (req.method !== 'POST' || !isInitializeRequest(body))
        return reply(res, 400, 'bad_request', 'start a session with an initialize request');
      transport = newTransport();
      await createMcpServer(session, log).connect(transport);
    }
    await transport.handleRequest(req, res, body);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log(`MCP HTTP request failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      if (!res.headersSent) reply(res, 500, 'internal_error', 'the request failed');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  if (LOOPBACK.has(host)) allowedHosts = [`127.0.0.1:${bound}`, `localhost:${bound}`, `[::1]:${bound}`];
  const shownHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${bound}/mcp`,
    close: async () => {
      await Promise.all([...transports.values()].map((t) => t.close()));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** A JSON-RPC error body, as the MCP transport answers its own errors. */
function reply(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: `${code}: ${message}` }, id: null }),
  );
}

async function readJson(
  req: IncomingMessage,
): Promise<{ ok: true; value: unknown } | { ok: false; status: number; message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const b = chunk as Buffer;
    size += b.length;
    if (size > MAX_BODY) return { ok: false, status: 413, message: `the body exceeds ${MAX_BODY} bytes` };
    chunks.push(b);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return { ok: false, status: 400, message: 'the body is not JSON' };
  }
}
