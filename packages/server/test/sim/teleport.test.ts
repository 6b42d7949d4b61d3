import {
  HOME_TELEPORT_CAST_TICKS,
  HOME_TELEPORT_COOLDOWN_TICKS,
  type ServerEventName,
  type ServerPayload,
} from '@tilerealm/protocol';
import { describe, expect, it } from 'vitest';
import type { PlayerRecord } from '../../src/sim/core/types';
import { queueHit } from '../../src/sim/features/combat/hits';
import { action, BOOTH, client, openBank, saves } from './bank-setup';
import { record, TestWorld } from './test-world';
import { openTrade, send, traders } from './trade-setup';
import { TRADES } from '../../src/sim/features/trade/book';
import { COOLDOWN } from '../../src/sim/features/teleport/state';

const home = (id: string, rid?: number) => action(id, { action: 'homeTeleport' }, rid);
const chat = (id: string, message: string) => client(id, 'player:chat', { message });

function all<E extends ServerEventName>(tw: TestWorld, id: string, event: E): Array<ServerPayload<E>> {
  return tw.events(id, event).map((e) => e.data as ServerPayload<E>);
}
const errors = (tw: TestWorld, id: string) => all(tw, id, 'error');
const cancelReasons = (tw: TestWorld, id: string) => all(tw, id, 'teleport:cancelled').map((e) => e.reason);

/** A world with player `a` (an administrator, for /hit and /tele) logged in at (x, z). */
async function worldWith(x = 5, z = 0, fields: Partial<PlayerRecord> = {}): Promise<TestWorld> {
  const tw = await TestWorld.create();
  tw.login({ ...record('a', x, z), ...fields });
  tw.enqueue({ type: 'elevate', playerId: 'a' });
  tw.advance();
  tw.clearEvents();
  tw.world.drainEffects();
  return tw;
}
const me = (tw: TestWorld) => {
  const p = tw.world.players.get('a');
  if (!p) throw new Error('a is not in the world');
  return p;
};

/** Ticks until `a` may cast home teleport again. */
const cooldownLeft = (tw: TestWorld) => Math.max(0, COOLDOWN.of(me(tw)).readyTick - tw.world.tick);

/** Starts a cast with rid 1 and runs the tick that applies it. */
function cast(tw: TestWorld, id = 'a'): void {
  tw.enqueue(home(id, 1));
  tw.advance();
}

describe('casting home teleport', () => {
  it('stands still for the cast, then lands at the starter town spawn with the cooldown saved at once', async () => {
    const tw = await worldWith(5, 0);
    tw.login(record('v', 6, 0)); // a player in view sees the cast begin
    tw.advance();
    tw.clearEvents();
    const start = tw.world.tick + 1;
    cast(tw);
    expect(tw.events('a', 'ack')[0]?.data).toEqual({
      event: 'player:action',
      result: { landsAtTick: start + HOME_TELEPORT_CAST_TICKS, castTicks: HOME_TELEPORT_CAST_TICKS },
    });
    const started = { playerId: 'a', playerIdx: me(tw).idx, landsAtTick: start + HOME_TELEPORT_CAST_TICKS };
    expect(all(tw, 'a', 'teleport:started')).toEqual([{ tick: start, ...started }]);
    expect(all(tw, 'v', 'teleport:started')).toEqual([{ tick: start, ...started }]);

    tw.advance(HOME_TELEPORT_CAST_TICKS - 1);
    expect(me(tw)).toMatchObject({ x: 5, z: 0 });
    expect(all(tw, 'a', 'teleport:completed')).toEqual([]);
    tw.world.drainEffects();

    tw.advance();
    const spawn = tw.world.content.starterArea.spawnPoint ?? { x: 0, z: 0 };
    expect(me(tw)).toMatchObject({ x: spawn.x, z: spawn.z });
    expect(tw.world.map.isWalkable(me(tw).x, me(tw).z)).toBe(true);
    expect(all(tw, 'a', 'teleport:completed')).toEqual([
      { tick: tw.world.tick, x: spawn.x, z: spawn.z, cooldownTicks: HOME_TELEPORT_COOLDOWN_TICKS },
    ]);
    // The move shows in world:update, and the cooldown is handed to storage the same tick.
    const self = all(tw, 'a', 'world:update').at(-1)?.self;
    expect(self).toMatchObject({ x: spawn.x, z: spawn.z });
    const saved = saves(tw.world.drainEffects()).filter((s) => s.id === 'a');
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      x: spawn.x,
      z: spawn.z,
      homeTeleportCooldownTicks: HOME_TELEPORT_COOLDOWN_TICKS,
    });
  });

  it('refuses a second cast during the cooldown with the time left, and allows it once the cooldown is over', async () => {
    const tw = await worldWith(5, 0, { homeTeleportCooldownTicks: 100 });
    cast(tw);
    expect(errors(tw, 'a')).toEqual([
      {
        code: 'teleport_cooldown',
        message: 'you used home teleport recently: wait 1:00 (99 ticks) before casting it again',
        rid: 1,
      },
    ]);
    expect(all(tw, 'a', 'teleport:started')).toEqual([]);
    tw.advance(98);
    tw.clearEvents();
    cast(tw);
    expect(errors(tw, 'a')).toEqual([]);
    expect(all(tw, 'a', 'teleport:started')).toHaveLength(1);
  });

  it('refuses a cast right after a landing: the cooldown counts from the landing', async () => {
    const tw = await worldWith(5, 0);
    cast(tw);
    tw.advance(HOME_TELEPORT_CAST_TICKS);
    expect(all(tw, 'a', 'teleport:completed')).toHaveLength(1);
    tw.clearEvents();
    cast(tw);
    expect(errors(tw, 'a').map((e) => e.code)).toEqual(['teleport_cooldown']);
    expect(errors(tw, 'a')[0]?.message).toContain('wait 30:00 (2999 ticks)');
    expect(COOLDOWN.of(me(tw)).readyTick - tw.world.tick).toBe(HOME_TELEPORT_COOLDOWN_TICKS - 1);
  });

  it('refuses a second cast while one is under way, and cancels on request (no cooldown)', async () => {
    const tw = await worldWith(5, 0);
    cast(tw);
    tw.clearEvents();
    cast(tw);
    expect(errors(tw, 'a').map((e) => e.code)).toEqual(['teleport_casting']);
    tw.enqueue(client('a', 'teleport:cancel', {}, 2));
    tw.advance();
    expect(tw.events('a', 'ack').map((e) => e.data)).toEqual([
      { event: 'teleport:cancel', result: { cancelled: true } },
    ]);
    expect(cancelReasons(tw, 'a')).toEqual(['cancelled']);
    tw.enqueue(client('a', 'teleport:cancel', {}, 3));
    tw.advance(HOME_TELEPORT_CAST_TICKS);
    expect(errors(tw, 'a').map((e) => e.code)).toEqual(['teleport_casting', 'teleport_not_casting']);
    expect(all(tw, 'a', 'teleport:completed')).toEqual([]);
    expect(me(tw)).toMatchObject({ x: 5, z: 0 });
    expect(cooldownLeft(tw)).toBe(0);
  });

  it('player:action stop cancels the cast too', async () => {
    const tw = await worldWith(5, 0);
    cast(tw);
    tw.enqueue(action('a', { action: 'stop' }));
    tw.advance(HOME_TELEPORT_CAST_TICKS + 1);
    expect(cancelReasons(tw, 'a')).toEqual(['cancelled']);
    expect(all(tw, 'a', 'teleport:completed')).toEqual([]);
    expect(me(tw)).toMatchObject({ x: 5, z: 0 });
  });

  it('replaces a walk in progress: the caster stops where it is', async () => {
    const tw = await worldWith(5, 0);
    tw.enqueue(client('a', 'player:move', { x: 12, z: 0 }, 5));
    tw.advance();
    const { x, z } = me(tw);
    expect(x).toBeGreaterThan(5);
    cast(tw);
    expect(me(tw)).toMatchObject({ x, z, path: [] });
    tw.advance(HOME_TELEPORT_CAST_TICKS);
    expect(all(tw, 'a', 'teleport:completed')).toHaveLength(1);
  });
});

describe('what interrupts a cast', () => {
  it('a move request', async () => {
    const tw = await worldWith();
    cast(tw);
    tw.enqueue(client('a', 'player:move', { x: 8, z: 0 }));
    tw.advance(HOME_TELEPORT_CAST_TICKS);
    expect(cancelReasons(tw, 'a')).toEqual(['moved']);
    expect(all(tw, 'a', 'teleport:completed')).toEqual([]);
    expect(me(tw)).toMatchObject({ x: 8, z: 0 });
    expect(cooldownLeft(tw)).toBe(0);
  });

  it('a move requested in the same tick after the cast (the newest click wins)', async () => {
    const tw = await worldWith();
    tw.enqueue(home('a', 1));
    tw.enqueue(client('a', 'player:move', { x: 8, z: 0 }));
    tw.advance();
    expect(all(tw, 'a', 'teleport:started')).toHaveLength(1);
    expect(cancelReasons(tw, 'a')).toEqual(['moved']);
  });

  it('any step off the tile (an administrator teleport)', async () => {
    const tw = await worldWith();
    cast(tw);
    tw.enqueue(chat('a', '/tele 3 3'));
    tw.advance();
    expect(cancelReasons(tw, 'a')).toEqual(['moved']);
  });

  it('a hit that does damage', async () => {
    const tw = await worldWith();
    cast(tw);
    tw.enqueue(chat('a', '/hit 5'));
    tw.advance();
    expect(cancelReasons(tw, 'a')).toEqual(['damage']);
    expect(me(tw).health).toBe(95);
  });

  it('being attacked, even by a swing that misses', async () => {
    const tw = await worldWith();
    cast(tw);
    const npc = [...tw.world.npcs.values()][0];
    if (!npc) throw new Error('no NPC');
    queueHit(tw.world, {
      landsAt: tw.world.tick + 1,
      attacker: npc,
      target: me(tw),
      hit: false,
      damage: 0,
      damageType: 'crush',
    });
    tw.advance();
    expect(cancelReasons(tw, 'a')).toEqual(['combat']);
  });

  it('attacking', async () => {
    const tw = await TestWorld.create();
    const goblin = [...tw.world.npcs.values()].find((n) => n.def.id === 'goblin');
    if (!goblin) throw new Error('no goblin');
    tw.login(record('a', goblin.x + 4, goblin.z));
    tw.advance();
    cast(tw);
    tw.enqueue(action('a', { action: 'attack', targetId: goblin.id }, 2));
    tw.advance();
    expect(cancelReasons(tw, 'a')).toEqual(['combat']);
  });

  it('dying', async () => {
    const tw = await worldWith();
    cast(tw);
    tw.enqueue(chat('a', '/hit 1000'));
    tw.advance();
    expect(cancelReasons(tw, 'a')).toEqual(['died']);
    tw.advance(HOME_TELEPORT_CAST_TICKS);
    expect(all(tw, 'a', 'teleport:completed')).toEqual([]);
    expect(cooldownLeft(tw)).toBe(0);
  });

  it('opening the bank', async () => {
    const tw = await worldWith(-10, -8);
    cast(tw);
    tw.enqueue(openBank('a', BOOTH, 2));
    tw.advance();
    expect(cancelReasons(tw, 'a')).toEqual(['interface']);
  });

  it('starting an activity (chopping a tree next to the caster)', async () => {
    const tw = await worldWith(-19, 20, { inventory: [{ slot: 0, itemId: 'bronze_axe', quantity: 1 }] });
    cast(tw);
    tw.enqueue(action('a', { action: 'gather', objectId: 'oakhaven:r0' }, 2));
    tw.advance();
    expect(cancelReasons(tw, 'a')).toEqual(['activity']);
  });

  it('a trade opening with the caster', async () => {
    const tw = await traders();
    tw.enqueue(home('b', 1));
    tw.advance();
    expect(all(tw, 'b', 'teleport:started')).toHaveLength(1);
    send(tw, 'a', 'tradeRequest', { targetPlayerId: 'b' });
    const tradeId = all(tw, 'b', 'tradeIncoming').at(-1)?.tradeId ?? '';
    send(tw, 'b', 'tradeRequestRespond', { tradeId, accept: true });
    expect(TRADES.of(tw.world).tradeOfPlayer('b')?.id).toBe(tradeId);
    expect(cancelReasons(tw, 'b')).toEqual(['interface']);
  });
});

describe('where and when a cast is refused', () => {
  it('in combat, with the ticks left to wait', async () => {
    const tw = await worldWith();
    tw.enqueue(chat('a', '/hit 1'));
    tw.advance();
    tw.clearEvents();
    cast(tw);
    const e = errors(tw, 'a');
    expect(e.map((x) => x.code)).toEqual(['teleport_in_combat']);
    expect(e[0]?.message).toMatch(/wait 15 more ticks/);
  });

  it('deeper than PvP level 20, but not at level 20', async () => {
    const tw = await worldWith(80, -145);
    expect(tw.world.map.pvpLevel(80, -145)).toBe(21);
    expect(me(tw)).toMatchObject({ x: 80, z: -145 });
    cast(tw);
    expect(errors(tw, 'a')).toEqual([
      {
        code: 'teleport_too_deep',
        message: 'you are at PvP level 21: home teleport works up to level 20',
        rid: 1,
      },
    ]);
    tw.enqueue(chat('a', '/tele 80 -144'));
    tw.advance();
    expect(tw.world.map.pvpLevel(80, -144)).toBe(20);
    expect(me(tw)).toMatchObject({ x: 80, z: -144 });
    tw.clearEvents();
    cast(tw);
    expect(errors(tw, 'a')).toEqual([]);
    expect(all(tw, 'a', 'teleport:started')).toHaveLength(1);
  });

  it('while trading', async () => {
    const tw = await traders();
    openTrade(tw);
    cast(tw);
    expect(errors(tw, 'a').map((e) => e.code)).toEqual(['teleport_busy']);
  });

  it('while dying', async () => {
    const tw = await worldWith();
    tw.enqueue(chat('a', '/hit 1000'));
    tw.advance();
    tw.clearEvents();
    cast(tw);
    expect(errors(tw, 'a').map((e) => e.code)).toEqual(['dead']);
  });

  it('a logout ends the cast: the character that logs in again is not casting', async () => {
    const tw = await worldWith();
    cast(tw);
    tw.enqueue({ type: 'logout', playerId: 'a', reason: 'logout' });
    tw.login(record('a', 5, 0));
    tw.advance(HOME_TELEPORT_CAST_TICKS + 1);
    expect(all(tw, 'a', 'teleport:completed')).toEqual([]);
    expect(me(tw)).toMatchObject({ x: 5, z: 0 });
    tw.clearEvents();
    tw.enqueue(client('a', 'teleport:cancel', {}, 4));
    tw.advance();
    expect(errors(tw, 'a').map((e) => e.code)).toEqual(['teleport_not_casting']);
  });
});
