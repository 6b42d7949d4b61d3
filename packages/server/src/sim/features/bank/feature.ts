import type { Rid } from '@tilerealm/protocol';
import type { Player } from '../../core/player';
import { emitDeed } from '../../core/deeds';
import { fail, type Feature, type Outcome } from '../../core/registry';
import type { World } from '../../core/world';
import { chebyshev } from '../combat/combatants';
import { interact } from '../interaction/interaction';
import { atNpc, atObject } from '../interaction/targets';
import { openInterface } from './interface';
import { isOutcome, requireInterface } from './interface-feature';
import {
  deposit,
  depositAllEquipment,
  depositAllInventory,
  withdraw,
  type BankFailure,
  type BankResult,
} from './rules';
import { snapshotOf } from '../../core/snapshot';
import { OBJECTS } from '../objects/state';
import { isDying } from '../death/state';

/** NPCs that open the bank: those whose npcs.json id starts with this (banker_oswin, banker_tamsin). */
export const BANKER_PREFIX = 'banker_';

function failure(reason: BankFailure): Outcome {
  switch (reason) {
    case 'invalid_slot':
      return fail('invalid_slot', 'there is no such slot');
    case 'empty_slot':
      return fail('empty_slot', 'that slot is empty');
    case 'bank_full':
      return fail('bank_full', 'your bank has no room for that item');
    case 'inventory_full':
      return fail('inventory_full', 'you do not have enough inventory space');
    case 'pouch_full':
      return fail('inventory_full', 'your coin pouch cannot hold any more coins');
    case 'unknown_item':
      return fail('not_usable', 'that item no longer exists in this world and cannot be moved');
  }
}

/** Sends the whole open bank (every occupied slot and the capacity). */
export function sendBank(world: World, p: Player): void {
  world.send(p.id, 'bank:update', { tick: world.tick, capacity: p.bank.size, slots: p.bank.entries() });
}

/**
 * After a bank move: the client sees the bank, and the player's state goes to the save queue at
 * once (inventory, equipment and bank in one transaction), so each move reaches the database
 * promptly instead of waiting for the next auto-save.
 */
function committed<T extends object>(world: World, p: Player, r: BankResult<T>): Outcome {
  if (!r.ok) return failure(r.reason);
  sendBank(world, p);
  world.effect({ type: 'save', snapshot: snapshotOf(world, p), reason: 'autosave' });
  const { ok: _ok, ...result } = r;
  return { ok: true, result };
}

/** A bank booth or chest (a station with a `bank` action) or a banker, in sight. */
function bankTarget(
  world: World,
  p: Player,
  id: string,
): { target: { kind: 'object' | 'npc'; id: string }; x: number; z: number; what: string } | Outcome {
  const radius = world.settings.viewDistance;
  const o = OBJECTS.of(world).get(id);
  if (o) {
    const def = o.kind === 'station' ? world.content.stations.get(o.defId) : undefined;
    const reach = world.settings.interactionDistance;
    if (!def?.actions.some((a) => a.type === 'bank') || chebyshev(p.x, p.z, o.x, o.z) > reach)
      return fail('object_gone', 'there is no bank there');
    return { target: { kind: 'object', id }, x: o.x, z: o.z, what: `the ${def.name.toLowerCase()}` };
  }
  const n = world.npcs.get(id);
  if (n) {
    if (!n.alive || chebyshev(p.x, p.z, n.x, n.z) > radius)
      return fail('target_gone', `${n.name} is not in sight`);
    if (!n.def.id.startsWith(BANKER_PREFIX)) return fail('target_gone', `${n.name} is not a banker`);
    return { target: { kind: 'npc', id }, x: n.x, z: n.z, what: n.name };
  }
  return fail('object_gone', 'there is no bank booth, bank chest or banker with that id in sight');
}

/** `player:action` `openBank`: walks next to the booth, chest or banker, then opens the bank. */
export function requestOpenBank(world: World, p: Player, targetId: string, rid: Rid | undefined): Outcome {
  if (isDying(p)) return fail('dead', 'you are dying');
  const t = bankTarget(world, p, targetId);
  if ('ok' in t) return t;
  const opens = { kind: 'bank' as const, x: p.x, z: p.z };
  const at = t.target.kind === 'object' ? atObject(targetId, t.what) : atNpc(targetId, t.what);
  const arrive = (w: World, player: Player): Outcome => {
    openInterface(w, player, { kind: 'bank', x: player.x, z: player.z });
    sendBank(w, player);
    return { ok: true, result: { interface: 'bank', capacity: player.bank.size } };
  };
  return interact(world, p, { ...at, opens, arrive }, rid);
}

/**
 * The bank: opened next to a bank booth, bank chest or banker (`openBank`), then `bank:deposit`,
 * `bank:withdraw` and `bank:depositAll` while it stays open (see interface.ts for what closes it).
 * Every move is all-or-nothing (rules.ts) and is handed to the save queue at once.
 */
export const bankFeature: Feature = {
  name: 'bank',
  register(r) {
    r.action('openBank', (world, player, data, rid) => requestOpenBank(world, player, data.targetId, rid));
    r.on('bank:deposit', (world, player, data) => {
      const open = requireInterface(world, player, 'bank');
      if (isOutcome(open)) return open;
      const moved = deposit(player, data.slot, data.quantity);
      if (moved.ok)
        emitDeed(world, player, { type: 'bank_deposit', itemId: moved.itemId, quantity: moved.quantity });
      return committed(world, player, moved);
    });
    r.on('bank:withdraw', (world, player, data) => {
      const open = requireInterface(world, player, 'bank');
      if (isOutcome(open)) return open;
      return committed(world, player, withdraw(player, data.bankSlot, data.quantity));
    });
    r.on('bank:depositAll', (world, player, data) => {
      const open = requireInterface(world, player, 'bank');
      if (isOutcome(open)) return open;
      const moved = data.from === 'inventory' ? depositAllInventory(player) : depositAllEquipment(player);
      if (moved.ok)
        for (const d of moved.deposited)
          emitDeed(world, player, { type: 'bank_deposit', itemId: d.itemId, quantity: d.quantity });
      return committed(world, player, moved);
    });
  },
};
