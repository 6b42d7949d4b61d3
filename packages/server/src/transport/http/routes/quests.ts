import { questJournalEntrySchema } from '@tilerealm/protocol';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { journalEntries } from '../../../sim/features/quests/journal';
import type { QuestProgressState } from '../../../sim/core/types';
import { authOf, requireAuth } from '../plugins/auth';
import { CHARACTER_ID_PATTERN, ownedCharacter } from '../ownership';
import type { HttpDeps } from '../deps';

const params = z.object({ characterId: z.string().regex(CHARACTER_ID_PATTERN, 'invalid character id') });

const questsResponse = z.object({
  characterId: z.string(),
  questPoints: z.number().int().nonnegative(),
  /** Every quest of the world, in quests.json order, with this character's progress. */
  quests: z.array(questJournalEntrySchema),
});

/** A stored row's status, as the world keeps it (rows of other statuses count as not started). */
const storedStatus = z.enum(['in_progress', 'completed']);

/**
 * GET /api/player/:characterId/quests: the quest journal of a character as saved, for its owner
 * (or an administrator). The same entries `quest:journal` carries, built from the quest_progress
 * rows, the saved inventory (gather and deliver progress) and quests.json. While the character
 * plays, the saved state trails the world by at most the time to the next save; every quest
 * change is saved at once.
 */
export async function questRoutes(app: FastifyInstance, deps: HttpDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/player/:characterId/quests',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['player'],
        security: [{ bearer: [] }],
        params,
        summary: "A character's quest journal and quest points",
        response: { 200: questsResponse },
      },
    },
    async (request) => {
      const row = await ownedCharacter(deps, authOf(request), request.params.characterId);
      const [rows, inventory] = await Promise.all([
        deps.repos.quests.list(row.id),
        deps.repos.inventory.get(row.id),
      ]);
      const progress = new Map<string, QuestProgressState>();
      for (const q of rows) {
        const status = storedStatus.safeParse(q.status);
        if (status.success)
          progress.set(q.questId, { questId: q.questId, stage: q.stage, status: status.data, data: q.data });
      }
      const held = (itemId: string) =>
        itemId === 'coins'
          ? row.coins
          : inventory.reduce((n, s) => (s.itemId === itemId ? n + s.quantity : n), 0);
      return {
        characterId: row.id,
        questPoints: row.questPoints,
        quests: journalEntries(deps.content, progress, held),
      };
    },
  );
}
