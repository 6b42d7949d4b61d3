import websocket from '@fastify/websocket';
import { CLOSE_CODES, MSGPACK_SUBPROTOCOL } from '@tilerealm/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AGENT_RUNTIME_SECRET_HEADER } from '../../auth/runtime-secret';
import { isTransientDatabaseError } from '../../storage';
import { HttpError } from '../http/errors';
import { Connection } from './connection';
import type { Gateway } from './gateway';
import { WS_LIMITS } from './limits';
import { perMessageDeflate } from './compression';
import type { Log } from '../../app/logger';

const characterIdParam = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/)
  .optional();

const query = z.object({
  token: z.string().min(1).max(8192).optional(),
  characterId: characterIdParam,
  /** A character of the account to watch read-only (docs/protocol.md "Spectating"); not with characterId or takeover. */
  spectate: characterIdParam,
  /** `1`: log the character out of the other world holding it first (see close code 4011). */
  takeover: z
    .enum(['0', '1'])
    .transform((v) => v === '1')
    .optional(),
});

/**
 * GET /ws: the real-time connection. Not counted by the REST rate limit (it has its own message
 * limit and the gateway's per-address limits: a socket beyond its address's cap is closed with
 * 4015 before its query or token is read; the agent runtime's sockets, whose upgrade carries its
 * secret in X-Agent-Runtime-Secret, are not counted against the cap). Subprotocol `msgpack`
 * switches both directions to msgpack binary frames; with `compression` (WS_COMPRESSION=true) a
 * client offering permessage-deflate gets its frames compressed (./compression.ts).
 */
export async function registerWebSocket(
  app: FastifyInstance,
  gateway: Gateway,
  log: Log,
  options: { compression: boolean },
): Promise<void> {
  await app.register(websocket, {
    options: {
      maxPayload: WS_LIMITS.maxFrameBytes,
      perMessageDeflate: perMessageDeflate(options.compression),
      handleProtocols: (protocols) => (protocols.has(MSGPACK_SUBPROTOCOL) ? MSGPACK_SUBPROTOCOL : false),
    },
    errorHandler: (error, socket) => {
      log.warn({ err: error }, 'websocket error');
      socket.terminate();
    },
  });
  app.route({
    method: 'GET',
    url: '/ws',
    config: { rateLimit: false },
    schema: { hide: true },
    // A plain HTTP request (no upgrade) gets an error body of docs/errors.md, as every route does.
    handler: async (_request, reply) => {
      reply.header('upgrade', 'websocket');
      throw new HttpError(
        'upgrade_required',
        'GET /ws is the WebSocket endpoint: connect with a WebSocket upgrade',
      );
    },
    wsHandler: (socket, request) => {
      const format = socket.protocol === MSGPACK_SUBPROTOCOL ? 'msgpack' : 'json';
      const connection = new Connection(socket, format, request.ip, gateway.traffic, request.id);
      // request.ip, as the HTTP limits key it (TRUST_PROXY decides whether X-Forwarded-For counts).
      // The agent runtime's sockets (its secret in the upgrade's header) are exempt from the cap and
      // from the refused tokens' limit (address-limits.ts).
      const slots = gateway.limits.connections;
      connection.agentRuntime = gateway.limits.isAgentRuntime(request.headers[AGENT_RUNTIME_SECRET_HEADER]);
      const admission = gateway.limits.admit(request.ip, connection.agentRuntime);
      if (admission === 'refused') {
        gateway.traffic.connectionsRefusedPerAddress++;
        if (slots.firstRefusal(request.ip))
          request.log.warn(
            { remoteAddress: request.ip, max: slots.max },
            'WebSocket connections refused: the address holds the most it may (4015)',
          );
        connection.close(
          CLOSE_CODES.tooManyConnections,
          `too many connections from this address (at most ${slots.max}): close one first`,
        );
        return;
      }
      // Whatever ends the socket (a close from either side, an error, the idle timeout, a kick, the
      // drain, the HTTP server cutting it), ws emits 'close' once: the slot is given back there.
      if (admission === 'taken') socket.once('close', () => slots.release(request.ip));
      const parsed = query.safeParse(request.query);
      if (!parsed.success) {
        connection.close(4001, 'invalid token, characterId, takeover or spectate query parameter');
        return;
      }
      const { spectate, characterId, takeover } = parsed.data;
      if (spectate !== undefined && (characterId !== undefined || takeover !== undefined)) {
        connection.close(4001, 'spectate cannot be combined with characterId or takeover');
        return;
      }
      gateway.accept(connection, parsed.data, request.headers.authorization).catch((err: unknown) => {
        request.log.warn({ err }, 'websocket login failed');
        if (isTransientDatabaseError(err))
          connection.close(CLOSE_CODES.serviceUnavailable, 'the database is unavailable: try again shortly');
        else connection.close(1011, 'login failed');
      });
    },
  });
}
