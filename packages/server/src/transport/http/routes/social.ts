import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readSocialState } from '../../../social/lists';
import type { TradeLogRow } from '../../../storage';
import { authOf, requireAuth } from '../plugins/auth';
import { CHARACTER_ID_PATTERN, ownedCharacter } from '../ownership';
import type { HttpDeps } from '../deps';

const params = z.object({ characterId: z.string().regex(CHARACTER_ID_PATTERN, 'invalid character id') });
const playerRef = z.object({ id: z.string(), name: z.string() });
const stack = z.object({ itemId: z.string(), quantity: z.number().int() });

const friendsResponse = z.object({
  characterId: z.string(),
  friends: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      online: z.boolean(),
      /** The world the friend plays on; null when offline. */
      world: z.number().int().nullable(),
    }),
  ),
  /** Requests waiting for this character's answer, oldest first. */
  incoming: z.array(playerRef),
  /** Requests this character sent that are still waiting, oldest first. */
  outgoing: z.array(playerRef),
});

const ignoresResponse = z.object({
  characterId: z.string(),
  /** The ignore list belongs to the account: every character of it shows the same list. */
  accountId: z.string(),
  ignored: z.array(playerRef),
});

const tradesResponse = z.object({
  characterId: z.string(),
  trades: z.array(
    z.object({
      id: z.string(),
      completedAt: z.iso.datetime(),
      partner: z.object({ id: z.string(), name: z.string().nullable() }),
      /** What this character handed over. */
      gave: z.array(stack),
      /** What this character received. */
      received: z.array(stack),
    }),
  ),
});

/** How many trades the history shows, newest first. */
const TRADE_HISTORY_LIMIT = 50;

/**
 * GET /api/player/:characterId/{friends,ignores,trades}: a character's social lists and trade
 * history, for its owner (or an administrator). The lists are the ones `social:state` carries,
 * with presence on every world (the social service's bus).
 */
export async function socialRoutes(app: FastifyInstance, deps: HttpDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['player'], security: [{ bearer: [] }], params };
  const here = deps.config.world.id;
  const stateOf = (row: { id: string; accountId: string }) =>
    deps.social
      ? deps.social.stateOf(row)
      : readSocialState(deps.repos, row, (ids) =>
          Promise.resolve(new Map(ids.filter((id) => deps.gateway?.isOnline(id)).map((id) => [id, here]))),
        );

  r.get(
    '/api/player/:characterId/friends',
    {
      preHandler: requireAuth,
      schema: {
        ...common,
        summary: "A character's friends (with presence) and pending friend requests",
        response: { 200: friendsResponse },
      },
    },
    async (request) => {
      const row = await ownedCharacter(deps, authOf(request), request.params.characterId);
      const state = await stateOf(row);
      return {
        characterId: row.id,
        friends: state.friends,
        incoming: state.incoming,
        outgoing: state.outgoing,
      };
    },
  );

  r.get(
    '/api/player/:characterId/ignores',
    {
      preHandler: requireAuth,
      schema: {
        ...common,
        summary: "The ignore list of a character's account",
        response: { 200: ignoresResponse },
      },
    },
    async (request) => {
      const row = await ownedCharacter(deps, authOf(request), request.params.characterId);
      const state = await stateOf(row);
      return { characterId: row.id, accountId: row.accountId, ignored: state.ignored };
    },
  );

  r.get(
    '/api/player/:characterId/trades',
    {
      preHandler: requireAuth,
      schema: {
        ...common,
        summary: `A character's last ${TRADE_HISTORY_LIMIT} completed trades, newest first`,
        response: { 200: tradesResponse },
      },
    },
    async (request) => {
      const row = await ownedCharacter(deps, authOf(request), request.params.characterId);
      const rows = await deps.repos.tradeLog.listByCharacter(row.id, TRADE_HISTORY_LIMIT);
      const partnerOf = (t: TradeLogRow) => (t.characterAId === row.id ? t.characterBId : t.characterAId);
      // The audit outlives deleted characters: a partner gone since shows without a name.
      const names = await deps.repos.social.characterNames(rows.map(partnerOf));
      const trades = rows.map((t) => {
        const mine = t.characterAId === row.id;
        const partnerId = partnerOf(t);
        return {
          id: t.id,
          completedAt: new Date(t.createdAt).toISOString(),
          partner: { id: partnerId, name: names.get(partnerId) ?? null },
          gave: mine ? t.itemsFromA : t.itemsFromB,
          received: mine ? t.itemsFromB : t.itemsFromA,
        };
      });
      return { characterId: row.id, trades };
    },
  );
}
