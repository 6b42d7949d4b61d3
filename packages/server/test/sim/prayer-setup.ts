/** Shared set-up of the prayer tests: characters with a prayer level, requests and event readers. */
import type { Player } from '../../src/sim/core/player';
import type { PlayerRecord } from '../../src/sim/core/types';
import { xpForLevel } from '../../src/sim/features/skills/xp-table';
import { playerRecord } from '../records';
import { client } from './bank-setup';
import { TestWorld } from './test-world';

/** The Oakhaven chapel altar, (10, 12); (5, 5) is outside the chapel, in sight of it. */
export const ALTAR = 'oakhaven:s4';
export const OUTSIDE = { x: 5, z: 5 };

export type Update = { points: number; maxPoints: number; active: string[] };
export type Hit = {
  attackerId: string | null;
  targetId: string;
  hit: boolean;
  damage: number;
  maxHit?: number;
  attackRoll?: number;
};

/** A new character outside the chapel with `level` prayer (and as many points); `fields` override. */
export function withPrayer(id: string, level: number, fields: Partial<PlayerRecord> = {}): PlayerRecord {
  const base = playerRecord(id, { x: OUTSIDE.x, z: OUTSIDE.z, prayerPoints: level, ...fields });
  return { ...base, skills: { ...base.skills, prayer: { level, xp: xpForLevel(level) }, ...fields.skills } };
}

/** A world with these characters logged in, events and effects of the login cleared. */
export async function worldWith(...records: PlayerRecord[]): Promise<TestWorld> {
  const tw = await TestWorld.create();
  for (const r of records) tw.login(r);
  tw.advance();
  tw.clearEvents();
  tw.world.drainEffects();
  return tw;
}

export const player = (tw: TestWorld, id: string): Player => {
  const p = tw.world.players.get(id);
  if (!p) throw new Error(`${id} is not in the world`);
  return p;
};
export const toggle = (id: string, prayerId: string, active: boolean, rid?: number) =>
  client(id, 'prayer:toggle', { prayerId, active }, rid);
/** The prayer:update events a player got, without their tick. */
export const updates = (tw: TestWorld, id: string): Update[] =>
  tw.events(id, 'prayer:update').map((e) => {
    const { points, maxPoints, active } = e.data as Update;
    return { points, maxPoints, active };
  });
export const messages = (tw: TestWorld, id: string): string[] =>
  tw.events(id, 'chat:message').map((e) => (e.data as { message: string }).message);
