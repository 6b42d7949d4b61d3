/** Shared set-up of the dialogue and quest tests: players next to an NPC, requests, event readers. */
import type { ServerEventName, ServerPayload } from '@tilerealm/protocol';
import type { Npc } from '../../src/sim/core/npc';
import type { Effect, PlayerRecord, QuestProgressState } from '../../src/sim/core/types';
import { action, client } from './bank-setup';
import { record, TestWorld } from './test-world';

export const npcOf = (tw: TestWorld, defId: string): Npc => {
  const n = [...tw.world.npcs.values()].find((x) => x.def.id === defId);
  if (!n) throw new Error(`no ${defId} in the world`);
  return n;
};

/** A walkable tile next to the NPC `defId` stands on now. */
export function besideNpc(tw: TestWorld, defId: string): { x: number; z: number } {
  const n = npcOf(tw, defId);
  for (const [dx, dz] of [
    [0, 1],
    [1, 0],
    [0, -1],
    [-1, 0],
    [1, 1],
    [-1, -1],
    [1, -1],
    [-1, 1],
  ] as const) {
    if (tw.world.map.isWalkable(n.x + dx, n.z + dz)) return { x: n.x + dx, z: n.z + dz };
  }
  throw new Error(`no walkable tile next to ${defId}`);
}

/** A world with player `a` (with `fields`) logged in next to the NPC `defId`. */
export async function nextTo(defId: string, fields: Partial<PlayerRecord> = {}): Promise<TestWorld> {
  const tw = await TestWorld.create();
  const at = besideNpc(tw, defId);
  tw.login({ ...record('a', at.x, at.z, 'Alice'), ...fields });
  tw.advance();
  tw.clearEvents();
  tw.world.drainEffects();
  return tw;
}

export const me = (tw: TestWorld) => {
  const p = tw.world.players.get('a');
  if (!p) throw new Error('a is not in the world');
  return p;
};

/** Talks to the NPC `defId` (rid 1) and runs ticks until the walk is over. */
export function talk(tw: TestWorld, defId: string, ticks = 3): void {
  tw.enqueue(action('a', { action: 'talk', npcId: npcOf(tw, defId).id }, 1));
  tw.advance(ticks);
}

export function choose(tw: TestWorld, index: number): void {
  tw.enqueue(client('a', 'dialogue:choose', { index }, 2));
  tw.advance();
}

export function cont(tw: TestWorld): void {
  tw.enqueue(client('a', 'dialogue:continue', {}, 3));
  tw.advance();
}

export function all<E extends ServerEventName>(tw: TestWorld, event: E): Array<ServerPayload<E>> {
  return tw.events('a', event).map((e) => e.data as ServerPayload<E>);
}
export const last = <E extends ServerEventName>(tw: TestWorld, event: E) => all(tw, event).at(-1);
export const errors = (tw: TestWorld) => all(tw, 'error').map((e) => e.code);
export const nodeIds = (tw: TestWorld) => all(tw, 'dialogue:node').map((n) => n.nodeId);
export const closes = (tw: TestWorld) => all(tw, 'dialogue:closed').map((c) => c.reason);
export const acks = (tw: TestWorld) => all(tw, 'ack').map((a) => a.result);
export const saves = (effects: Effect[]) => effects.flatMap((e) => (e.type === 'save' ? [e.snapshot] : []));

/** A quest in progress at stage `stage` (index), for records. */
export const inProgress = (questId: string, stage: number, data = {}): QuestProgressState => ({
  questId,
  stage,
  status: 'in_progress',
  data,
});
export const completed = (questId: string, stages: number): QuestProgressState => ({
  questId,
  stage: stages,
  status: 'completed',
  data: {},
});

/** Inventory rows from [itemId, quantity] pairs, slot by slot. */
export const slots = (...items: Array<[string, number]>) =>
  items.map(([itemId, quantity], slot) => ({ slot, itemId, quantity }));

/** A full inventory: 28 slots of `itemId` (an item that does not stack). */
export const fullOf = (itemId: string) =>
  slots(...Array.from({ length: 28 }, (): [string, number] => [itemId, 1]));
