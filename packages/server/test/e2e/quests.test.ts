import { questJournalEntrySchema, type ServerPayload } from '@tilerealm/protocol';
import { GameClient } from '@tilerealm/sdk';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useRealtimeServer, wsUrl } from './realtime-harness';
import { connect, holdings, idOf, slotOf, WAIT_MS } from './trade-helpers';

const ADMIN = '/admin let-me-in-please';
const QUEST = 'feathered_fugitives';
/** The body of GET /api/player/:characterId/quests, parsed rather than trusted. */
const questsBody = z.object({
  characterId: z.string(),
  questPoints: z.number().int(),
  quests: z.array(questJournalEntrySchema),
});
type Journal = ServerPayload<'quest:journal'>;
const entryOf = (j: Journal) => j.quests.find((q) => q.questId === QUEST);

/** NPC entity ids by npcs.json id, as the client saw them enter its view. */
type NpcIds = (defId: string) => Promise<string>;

/** A client whose NPC sightings are tracked from its very first world:update. */
async function join(url: string, token?: string): Promise<{ c: GameClient; npc: NpcIds }> {
  const ids = new Map<string, string>();
  const c = await GameClient.connect({
    url,
    reconnect: false,
    ...(token ? { token } : {}),
    beforeConnect: (client) =>
      client.on('world:update', (u) => {
        for (const e of u.entered ?? []) if (e.npcId) ids.set(e.npcId, e.id);
      }),
  });
  const npc = async (defId: string) => {
    const known = ids.get(defId);
    if (known) return known;
    const u = await c.waitFor(
      'world:update',
      (d) => (d.entered ?? []).some((e) => e.npcId === defId),
      WAIT_MS,
    );
    return u.entered?.find((e) => e.npcId === defId)?.id ?? '';
  };
  return { c, npc };
}

/** Sends `step` and resolves with the dialogue node `nodeId` it leads to. */
async function toNode(c: GameClient, nodeId: string, step: () => Promise<unknown>) {
  const node = c.waitFor('dialogue:node', (n) => n.nodeId === nodeId, WAIT_MS);
  await step();
  return node;
}

/** Teleports next to the NPC `defId` (an admin command) and talks to it: its first node. */
async function talkTo(c: GameClient, npc: NpcIds, defId: string, x: number, z: number) {
  await c.request('player:chat', { message: `/tele ${x} ${z}` });
  const npcId = await npc(defId);
  const node = c.waitFor('dialogue:node', (n) => n.npcId === npcId, WAIT_MS);
  const ack = await c.request('player:action', { action: 'talk', npcId });
  expect(ack.result).toMatchObject({ npcId });
  return node;
}

async function journal(c: GameClient): Promise<Journal> {
  const j = c.waitFor('quest:journal', undefined, WAIT_MS);
  await c.request('quest:requestJournal', {});
  return j;
}

/**
 * A full quest over a real socket with an SDK client: Farmer Edda's "Feathered Fugitives", started
 * in dialogue, its gather stage met by feathers bought in shops opened through dialogue (paid with
 * the starter kit sold to Marla), delivered and rewarded once; the reward and the completion
 * survive a restart; bad inputs are refused with clear errors.
 */
describe('NPC dialogue and a whole quest over WebSocket (SDK client)', () => {
  const live = useRealtimeServer();
  const url = () => wsUrl(live.server);

  it('completes Feathered Fugitives from start to reward, once, and keeps it across a restart', async () => {
    const { c, npc } = await join(url());
    const id = idOf(c);
    const token = c.token ?? '';
    let completions = 0;
    c.on('quest:completed', () => void completions++);
    let coinsBefore = 0;
    try {
      await c.request('player:chat', { message: ADMIN });
      expect(entryOf(await journal(c))).toMatchObject({ status: 'not_started', stage: 0 });

      // Bad inputs: nothing to answer, nobody to talk to.
      await expect(c.request('dialogue:choose', { index: 0 })).rejects.toMatchObject({
        code: 'dialogue_not_open',
      });
      await expect(c.request('player:action', { action: 'talk', npcId: 'nobody' })).rejects.toMatchObject({
        code: 'target_gone',
      });

      // Marla's dialogue opens her shop; the starter tools pay for the feathers.
      const marla = await talkTo(c, npc, 'shopkeeper_marla', 6, -9);
      expect(marla.options[0]).toEqual({ index: 0, text: 'Let me see your wares.' });
      const shop = c.waitFor('shop:update', (s) => s.storeId === 'oakhaven_general_store', WAIT_MS);
      const closed = c.waitFor('dialogue:closed', undefined, WAIT_MS);
      await c.request('dialogue:choose', { index: 0 });
      await shop;
      expect((await closed).reason).toBe('replaced');
      for (const itemId of ['bronze_axe', 'bronze_pickaxe', 'small_fishing_net', 'bread'])
        await c.request('shop:sell', { slot: await slotOf(c, itemId), quantity: 1 });

      // Edda: greeting, her request, and the quest starts.
      const greeting = await talkTo(c, npc, 'farmer_edda', 12, 33);
      expect(greeting).toMatchObject({ nodeId: 'greeting', npcName: 'Farmer Edda', awaiting: 'choice' });
      await expect(c.request('dialogue:choose', { index: 9 })).rejects.toMatchObject({
        code: 'invalid_option',
      });
      await toNode(c, 'offer', () => c.request('dialogue:choose', { index: 0 }));
      const started = c.waitFor('quest:journal', (j) => entryOf(j)?.status === 'in_progress', WAIT_MS);
      const accepted = await toNode(c, 'accepted', () => c.request('dialogue:choose', { index: 0 }));
      expect(accepted.awaiting).toBe('end');
      expect(entryOf(await started)).toMatchObject({
        stageId: 'collect_feathers',
        progress: { current: 0, required: 20 },
      });
      const ended = c.waitFor('dialogue:closed', undefined, WAIT_MS);
      expect((await c.request('dialogue:continue', {})).result).toMatchObject({ nodeId: null });
      expect((await ended).reason).toBe('ended');

      // Wren sells feathers; holding twenty completes the gather stage.
      await talkTo(c, npc, 'fletcher_wren', 44, 6);
      await c.request('dialogue:choose', { index: 0 });
      const gathered = c.waitFor('quest:journal', (j) => entryOf(j)?.stageId === 'deliver_feathers', WAIT_MS);
      const bought = await c.request('shop:buy', { itemId: 'feather', quantity: 20 });
      expect(bought.result).toMatchObject({ itemId: 'feather', quantity: 20 });
      expect(entryOf(await gathered)).toMatchObject({
        kind: 'deliver',
        progress: { current: 20, required: 20 },
      });

      // Back to Edda: the delivery completes the quest with its rewards.
      coinsBefore = (await holdings(c))['coins'] ?? 0;
      const asked = await talkTo(c, npc, 'farmer_edda', 12, 33);
      expect(asked).toMatchObject({
        nodeId: 'at_deliver_feathers',
        options: [{ index: 0, text: 'Here you are.' }],
      });
      const done = c.waitFor('quest:completed', undefined, WAIT_MS);
      await toNode(c, 'deliver_feathers_done', () => c.request('dialogue:choose', { index: 0 }));
      expect(await done).toMatchObject({
        questId: QUEST,
        questPoints: 1,
        totalQuestPoints: 1,
        xp: { ranged: 300, cooking: 200 },
        items: [
          { itemId: 'green_cape', quantity: 1, to: 'inventory' },
          { itemId: 'coins', quantity: 150, to: 'pouch' },
        ],
      });
      await c.request('dialogue:continue', {});
      const after = await holdings(c);
      expect(after).toMatchObject({ green_cape: 1, coins: coinsBefore + 150 });
      expect(after['feather']).toBeUndefined();
      const sync = await c.request('player:requestSync', {});
      expect(sync.player.questPoints).toBe(1);
      expect(sync.player.skills['ranged']?.xp).toBe(300);

      // Talking again gives nothing more.
      const again = await talkTo(c, npc, 'farmer_edda', 12, 33);
      expect(again).toMatchObject({ nodeId: 'done', options: [] });
      expect(completions).toBe(1);

      // The completion reached the database at once, and the REST journal shows it (owner only).
      await expect
        .poll(async () => (await live.server.repos.quests.list(id)).map((q) => q.status), { timeout: 5_000 })
        .toEqual(['completed']);
      const res = await fetch(`${live.server.url}/api/player/${id}/quests`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      const body = questsBody.parse(await res.json());
      expect(body.questPoints).toBe(1);
      expect(body.quests.find((q) => q.questId === QUEST)).toMatchObject({ status: 'completed', stage: 2 });
      expect((await fetch(`${live.server.url}/api/player/${id}/quests`)).status).toBe(401);
      const other = await connect(url());
      const foreign = await fetch(`${live.server.url}/api/player/${id}/quests`, {
        headers: { authorization: `Bearer ${other.token ?? ''}` },
      });
      expect(foreign.status).toBe(403);
      await other.close();
    } finally {
      await c.close();
    }

    // After a restart: still completed, one cape, the coins, the quest point; no second reward.
    await live.restart();
    const { c: back, npc: npc2 } = await join(url(), token);
    let again = 0;
    back.on('quest:completed', () => void again++);
    try {
      expect(back.welcome).toMatchObject({ playerId: id, resumed: false });
      const j = await journal(back);
      expect(j.questPoints).toBe(1);
      expect(entryOf(j)).toMatchObject({ status: 'completed', stage: 2, stageId: null });
      expect(await holdings(back)).toMatchObject({ green_cape: 1, coins: coinsBefore + 150 });
      await back.request('player:chat', { message: ADMIN });
      expect(await talkTo(back, npc2, 'farmer_edda', 12, 33)).toMatchObject({ nodeId: 'done' });
      expect(again).toBe(0);
    } finally {
      await back.close();
    }
  }, 90_000);
});
