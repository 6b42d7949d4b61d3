import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { voiceRoomAt } from '../../../voice/rooms';
import { mintVoiceToken } from '../../../voice/tokens';
import { authOf, requireAuth } from '../plugins/auth';
import { CHARACTER_ID_PATTERN, ownedCharacter } from '../ownership';
import { HttpError } from '../errors';
import type { HttpDeps } from '../deps';

const statusResponse = z.object({
  enabled: z.boolean(),
  /** The voice service address clients connect to; null when voice chat is off. */
  url: z.string().nullable(),
});

const tokenBody = z.strictObject({
  characterId: z.string().regex(CHARACTER_ID_PATTERN, 'invalid character id'),
});

const tokenResponse = z.object({
  url: z.string(),
  token: z.string(),
  room: z.string(),
  identity: z.string(),
  name: z.string(),
  expiresAt: z.iso.datetime(),
});

/**
 * Optional voice chat (docs/voice.md). The game server never carries audio: it only vouches for a
 * character by minting a short-lived LiveKit-compatible token for the room of the area the
 * character stands in.
 * - GET /api/voice/status: public; whether voice is on and where the voice service is.
 * - POST /api/voice/token: owner only; 503 `voice_disabled` when voice is not configured.
 */
export async function voiceRoutes(app: FastifyInstance, deps: HttpDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const voice = deps.config.voice;

  r.get(
    '/api/voice/status',
    {
      schema: {
        tags: ['voice'],
        summary: 'Whether voice chat is available, and the voice service address',
        response: { 200: statusResponse },
      },
    },
    async () => ({ enabled: voice !== undefined, url: voice?.url ?? null }),
  );

  r.post(
    '/api/voice/token',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['voice'],
        summary: 'A short-lived voice-room token for one of your characters (the room of its area)',
        security: [{ bearer: [] }],
        body: tokenBody,
        response: { 200: tokenResponse },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (!voice) throw new HttpError('voice_disabled', 'voice chat is not configured on this server');
      const row = await ownedCharacter(deps, auth, request.body.characterId);
      // Administrators may read any character, but a voice token speaks as the character: own only.
      if (row.accountId !== auth.accountId) {
        throw new HttpError('forbidden', 'voice tokens are issued only for your own characters');
      }
      const position = deps.world.livePosition(row.id) ?? { x: row.positionX, z: row.positionZ };
      const room = voiceRoomAt(deps.content.areas.values(), position);
      const minted = await mintVoiceToken(voice, { identity: row.id, name: row.name, room });
      return reply.header('cache-control', 'no-store').send({
        url: voice.url,
        token: minted.token,
        room,
        identity: row.id,
        name: row.name,
        expiresAt: minted.expiresAt.toISOString(),
      });
    },
  );
}
