/**
 * Resolving a player's death when its death animation ends: the 3 most valuable items are kept
 * (untradeable and undroppable items always are), the rest goes to a gravestone (safe areas) or to
 * the ground for the killer (killed by a player in a PvP area); the player respawns at the starter
 * town with full health. The coin pouch (`coins`) is never lost.
 */
import { arrivalTile } from '../session/arrival';
import type { Player } from '../../core/player';
import type { ItemStackRow } from '../../core/types';
import type { World } from '../../core/world';
import { topDamager } from '../combat/hits';
import { spawnGroundItem } from '../ground-items/spawn';
import { splitByValue } from '../inventory/value';
import { addStack, gravestoneSnapshot, sendGravestones, writeLock, type Custody, DEATHS } from './custody';
import { snapshotOf } from '../../core/snapshot';
import { DYING, isDying } from './state';
import { COMBAT } from '../combat/state';

/** Items kept on death (OSRS, unskulled). */
export const ITEMS_KEPT_ON_DEATH = 3;

/** Whether an item always stays with its owner on death (untradeable or undroppable items). */
function alwaysKept(world: World, itemId: string): boolean {
  const def = world.itemLookup(itemId);
  return !def || !def.tradeable || def.droppable === false;
}

/** Takes the lost units out of the player's containers and returns them (kept items stay in place). */
function takeLostItems(world: World, p: Player): { kept: ItemStackRow[]; lost: ItemStackRow[] } {
  const inv = p.inventory.entries().filter((r) => !alwaysKept(world, r.itemId));
  const eq = p.equipment.entries().filter((r) => !alwaysKept(world, r.itemId));
  const { picked, rest } = splitByValue([inv, eq], ITEMS_KEPT_ON_DEATH, world.itemLookup);
  const kept: ItemStackRow[] = [];
  for (const r of [...p.inventory.entries(), ...p.equipment.entries()])
    if (alwaysKept(world, r.itemId)) addStack(kept, r.itemId, r.quantity);
  for (const k of picked) addStack(kept, k.itemId, k.quantity);
  const lost: ItemStackRow[] = [];
  for (const r of rest) {
    if (r.source === 0 && typeof r.slot === 'number') {
      const removed = p.inventory.removeFromSlot(r.slot, r.quantity);
      if (!removed.ok) continue; // cannot happen: the rows were read from this container this tick
    } else if (r.source === 1 && typeof r.slot === 'string') {
      const slot = r.slot as Parameters<typeof p.equipment.get>[0];
      const stack = p.equipment.get(slot);
      if (!stack) continue;
      p.equipment.set(
        slot,
        stack.quantity > r.quantity ? { ...stack, quantity: stack.quantity - r.quantity } : undefined,
      );
    } else continue;
    addStack(lost, r.itemId, r.quantity);
  }
  return { kept, lost };
}

/** Players phase: resolves the deaths whose animation has ended. */
export function resolveDeaths(world: World, p: Player): void {
  if (isDying(p) && world.tick >= DYING.of(p).until) resolveDeath(world, p);
}

function resolveDeath(world: World, p: Player): void {
  const x = p.x;
  const z = p.z;
  const killerId = DYING.of(p).killedBy;
  // In PvP the loot goes to the player who dealt the most damage in the fight (OSRS).
  const playerDamage = new Map([...COMBAT.of(p).damageFrom].filter(([id]) => world.players.has(id)));
  const topPlayer = topDamager(playerDamage);
  const killer = topPlayer === undefined ? undefined : world.players.get(topPlayer);
  const pvpKill = killer !== undefined && world.map.isPvp(x, z);
  const { kept, lost } = takeLostItems(world, p);

  let custody: Custody | undefined;
  let droppedForKiller = false;
  if (lost.length > 0) {
    custody = {
      id: deathId(world, p),
      ownerId: p.id,
      x,
      z,
      grave: [],
      collapsesAtTick: world.tick + world.settings.gravestoneTicks,
      piles: new Set(),
    };
    DEATHS.of(world).add(custody);
    for (const s of lost) {
      if (pvpKill && killer) {
        const res = spawnGroundItem(world, {
          itemId: s.itemId,
          quantity: s.quantity,
          x,
          z,
          owner: killer.id,
          deathId: custody.id,
        });
        if (res.ok) {
          for (const pile of res.piles) custody.piles.add(pile.handle);
          droppedForKiller = true;
          continue;
        }
      }
      // Safe deaths, and PvP drops the ground has no room for, go to the gravestone.
      addStack(custody.grave, s.itemId, s.quantity);
    }
  }

  // Respawn at the starter town, fully healed, out of combat.
  const spawn = arrivalTile(world, world.content.starterArea.spawnPoint ?? { x: 0, z: 0 });
  p.x = spawn.x;
  p.z = spawn.z;
  p.path = [];
  p.pendingMove = undefined;
  const combat = COMBAT.of(p);
  combat.target = undefined;
  combat.chaseGoal = undefined;
  const dying = DYING.of(p);
  dying.until = 0;
  dying.killedBy = null;
  combat.inCombatUntil = 0;
  combat.damageFrom.clear();
  p.health = p.maxHealth;
  combat.tolerance = { x: p.x, z: p.z, since: world.tick };
  world.spatial.set(p.idx, p.x, p.z);

  // The victim's new state and the lock commit together (or, with nothing lost, a plain save).
  if (custody) writeLock(world, custody, 'death', [p]);
  else
    world.effect({
      type: 'save',
      snapshot: snapshotOf(world, p),
      reason: 'autosave',
    });

  world.send(p.id, 'player:died', {
    tick: world.tick,
    killerId,
    kept,
    lost,
    gravestone: custody && custody.grave.length > 0 ? gravestoneSnapshot(custody) : null,
    droppedForKiller,
    respawn: { x: p.x, z: p.z },
  });
  if (custody && custody.grave.length > 0) sendGravestones(world, p.id);
}

/**
 * A death's id (its lock's and gravestone's): `<character>:<run>:<tick>`. The run keeps it unique
 * across restarts (the tick counter starts at 0 on every run, and a lock restored from the last
 * run stays in custody), and it is data handed to the world, so a replay makes the same ids.
 */
export function deathId(world: World, p: Player): string {
  return `${p.id}:${world.runId}:${world.tick}`;
}
