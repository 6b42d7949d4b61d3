import type { PlayerStatePayload } from '@tilerealm/protocol';

/** A fresh level-3 character in Oakhaven with 25 coins and nothing carried, as player:sync shows it. */
export const freshPlayer: PlayerStatePayload = {
  id: 'c1',
  accountId: 'a1',
  name: 'Ash',
  combatLevel: 3,
  health: 100,
  maxHealth: 100,
  coins: 25,
  position: { x: 0, z: 0, y: 10, running: false, runEnergy: 10_000, moving: false },
  skills: {},
  isAdmin: false,
  areaId: 'oakhaven',
  inventory: [],
  equipment: [],
  combat: { styleId: 'accurate', autoRetaliate: true },
  prayer: { points: 1, active: [] },
  questPoints: 0,
  homeTeleportCooldownTicks: 0,
};
