/** Players phase: each player lighting a fire makes one attempt per tick until the logs catch. */
import { gameMessage } from '../chat/game-message';
import { emitDeed } from '../../core/deeds';
import { interpolatedChance } from '../../../content/formulas';
import { stopActivity } from '../../core/activity';
import type { Player } from '../../core/player';
import type { World } from '../../core/world';
import { canPlaceObjectAt, lightFire } from '../objects/fires';
import { grantXp } from '../skills/grant';
import { holds } from '../gathering/rules';
import { FireJob } from './use';
import { isDying } from '../death/state';

/** Where the player steps after lighting a fire, in order: west, east, south, north. */
const ASIDE: ReadonlyArray<readonly [number, number]> = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
];

export function firemakingTick(world: World, p: Player): void {
  const job = p.activity?.state;
  if (job instanceof FireJob) attempt(world, p, job);
}

/**
 * One attempt: the player must still stand on the tile with a tinderbox and the logs, and the tile
 * must still be free. Success (low/high interpolation of the recipe at the firemaking level) burns
 * one log, grants the XP, puts a fire on the tile for the recipe's burnTicks and steps the player
 * aside onto the first walkable tile of west, east, south, north (it stays on the fire when none).
 */
function attempt(world: World, p: Player, job: FireJob): void {
  const r = job.recipe;
  const fm = world.content.recipes.firemaking;
  if (isDying(p)) return stopActivity(world, p, 'dead');
  if (p.x !== job.x || p.z !== job.z) return stopActivity(world, p, 'moved');
  if (!holds(p, fm.toolItemId)) return stopActivity(world, p, 'no_tool');
  if (!p.inventory.has(r.logItemId)) return stopActivity(world, p, 'missing_materials');
  if (!canPlaceObjectAt(world, p.x, p.z)) return stopActivity(world, p, 'cannot_light_here');
  if (world.rng.nextFloat() >= interpolatedChance(r.low, r.high, p.skills.firemaking.level)) return;
  const inSlot = p.inventory.slot(job.logSlot)?.itemId === r.logItemId;
  const burnt = inSlot ? p.inventory.removeFromSlot(job.logSlot, 1) : p.inventory.remove(r.logItemId, 1);
  if (burnt.ok) world.ledger.record(r.logItemId, -1, 'firemaking', p.id);
  grantXp(world, p, 'firemaking', Math.round(r.xp * 10));
  lightFire(world, p.x, p.z, r.burnTicks);
  gameMessage(world, p, 'You light a fire.');
  emitDeed(world, p, { type: 'fire_lit', itemId: r.logItemId });
  for (const [dx, dz] of ASIDE) {
    if (!world.map.isWalkable(p.x + dx, p.z + dz)) continue;
    p.x += dx;
    p.z += dz;
    world.spatial.set(p.idx, p.x, p.z);
    break;
  }
  stopActivity(world, p, 'done');
}
