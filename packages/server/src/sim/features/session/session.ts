import type { PlayerStatePayload, Rid } from '@tilerealm/protocol';
import { Player } from '../../core/player';
import type { Feature } from '../../core/registry';
import type { World } from '../../core/world';
import { currentStyle } from '../combat/combatants';
import { PRAYER } from '../prayer/state';
import { cooldownTicksLeft } from '../teleport/state';
import { snapshotOf } from '../../core/snapshot';
import { QUESTS } from '../quests/state';
import { isDying } from '../death/state';
import { SESSION } from './state';
import { arrivalTile } from './arrival';
import { CLIENT_VIEW, UNSENT } from '../sync/state';
import { clearView } from '../sync/view-sets';
import { COMBAT } from '../combat/state';

/** The logout reason of a connection that went away; such logouts wait until combat ends. */
export const DISCONNECTED = 'disconnected';

/** The full state of a player as `player:sync` shows it to its owner. */
export function playerState(world: World, p: Player): PlayerStatePayload {
  return {
    id: p.id,
    accountId: p.accountId,
    name: p.name,
    combatLevel: p.combatLevel,
    health: p.health,
    maxHealth: p.maxHealth,
    coins: p.coins,
    position: selfPosition(world, p),
    skills: p.skills,
    isAdmin: p.isAdmin,
    areaId: world.map.areaAt(p.x, p.z)?.id ?? null,
    inventory: p.inventory.entries(),
    equipment: p.equipment.entries(),
    combat: { styleId: currentStyle(world, p)?.id ?? '', autoRetaliate: COMBAT.of(p).autoRetaliate },
    prayer: { points: PRAYER.of(p).points, active: [...PRAYER.of(p).active].sort() },
    questPoints: QUESTS.of(p).points,
    homeTeleportCooldownTicks: cooldownTicksLeft(world, p),
  };
}

export function selfPosition(world: World, p: Player) {
  return {
    x: p.x,
    z: p.z,
    y: world.heightAt(p.x, p.z),
    running: p.running,
    runEnergy: p.runEnergy,
    moving: p.path.length > 0,
  };
}

/**
 * Entering and leaving the world, and the session-level requests (sync on demand, ping).
 * Logouts run before logins in a tick, so a takeover (logout + login of the same character in one
 * tick) hands the character over cleanly.
 */
export const sessionFeature: Feature = {
  name: 'session',
  register(r) {
    r.playerSlot(SESSION);
    r.connection((_world, player, change) => {
      const session = SESSION.of(player);
      // A new session took the character over: a logout still waiting no longer applies.
      if (change === 'attach') session.logoutWaiting = undefined;
      session.detached = change === 'detach';
    });
    r.on('player:requestSync', (world, player, _data, rid) => {
      resync(world, player, rid);
      return { ok: true, deferred: true };
    });
    r.on('ping', (world, player, data, rid) => {
      world.send(
        player.id,
        'pong',
        { ...(data.t !== undefined ? { t: data.t } : {}), tick: world.tick },
        rid,
      );
      return { ok: true, deferred: true };
    });

    // A player who disconnects in combat (or while dying) stays in the world, and can still be
    // hit, until the fight is over (RuneScape's 10-second rule). A kick leaves at once.
    r.phase('logout', (world) => {
      const leaving: Player[] = [];
      // A logout that arrives with its own login (the session ended between the login's command
      // and its tick) waits one tick for the character to enter: dropped, it would leave the
      // character in the world with no session to ever log it out.
      const entering =
        world.pendingLogins.length > 0 ? new Set(world.pendingLogins.map((r) => r.id)) : undefined;
      const later: typeof world.pendingLogouts = [];
      for (const { playerId, reason } of world.pendingLogouts.splice(0)) {
        const p = world.players.get(playerId);
        if (!p) {
          if (entering?.has(playerId)) later.push({ playerId, reason });
          continue;
        }
        if (reason === DISCONNECTED && inCombat(world, p)) SESSION.of(p).logoutWaiting = reason;
        else leaving.push(p);
      }
      for (const p of world.players.values())
        if (SESSION.of(p).logoutWaiting !== undefined && !inCombat(world, p) && !leaving.includes(p))
          leaving.push(p);
      for (const p of leaving) {
        world.isolate(p, () => {
          const snapshot = snapshotOf(world, p);
          world.removePlayer(p);
          world.effect({ type: 'save', snapshot, reason: 'logout' });
        });
      }
      world.pendingLogouts.push(...later);
    });

    r.phase('login', (world) => {
      for (const record of world.pendingLogins.splice(0)) {
        if (world.players.has(record.id)) continue; // already in the world (duplicate login command)
        // A login that fails is that character's alone: its session is closed, the others enter.
        world.isolate(record.id, () => {
          const spot = arrivalTile(
            world,
            world.map.isWalkable(record.x, record.z) ? record : nearestSpawn(world),
          );
          const p = new Player(
            { ...record, x: spot.x, z: spot.z },
            world.tick,
            world.allocIndex(),
            world.itemLookup,
            world.registry.playerSlots(),
            world.playerSlotColumns,
          );
          const { inventory, equipment, bank } = p.unplaced;
          if (inventory.length > 0 || equipment.length > 0 || bank.length > 0) {
            // Never silently lose an item: report it; the save keeps the rows (see toRecord).
            world.effect({
              type: 'fault',
              where: `login ${p.id}`,
              message: `unplaceable saved items: ${JSON.stringify(p.unplaced)}`,
            });
          }
          world.addPlayer(p);
          sendSync(world, p, undefined);
        });
      }
    });
  },
};

/** In combat (hit or swung at within the combat timeout) or dying: a disconnect must wait. */
export function inCombat(world: World, p: Player): boolean {
  return isDying(p) || world.tick < COMBAT.of(p).inCombatUntil;
}

/**
 * A full player:sync that also resets interest management: everything in view is sent again as
 * entered, in this tick's world:update.
 */
export function resync(world: World, p: Player, rid: Rid | undefined): void {
  const view = CLIENT_VIEW.of(p);
  clearView(world, p);
  view.lastSent = { ...UNSENT };
  sendSync(world, p, rid);
}

/** A full player:sync; the containers it carries count as sent. */
function sendSync(world: World, p: Player, rid: Rid | undefined): void {
  const view = CLIENT_VIEW.of(p);
  view.sentInventoryVersion = p.inventory.version;
  view.sentEquipmentVersion = p.equipment.version;
  view.sentHealth = p.health;
  view.sentMaxHealth = p.maxHealth;
  world.send(p.id, 'player:sync', { tick: world.tick, player: playerState(world, p) }, rid);
}

/** Where a character standing on an unwalkable tile (content changed under it) is put back. */
function nearestSpawn(world: World): { x: number; z: number } {
  const s = world.content.starterArea.spawnPoint ?? { x: 0, z: 0 };
  return { x: s.x, z: s.z };
}
