import type { Feature } from '../core/registry';
import { chatFeature } from './chat/chat';
import { combatFeature } from './combat/feature';
import { consumablesFeature } from './consumables/feature';
import { deathFeature } from './death/feature';
import { equipmentFeature } from './equipment/feature';
import { groundItemsFeature } from './ground-items/feature';
import { inventoryFeature } from './inventory/feature';
import { movementFeature } from './movement/movement';
import { npcFeature } from './npcs/feature';
import { persistenceFeature } from './persistence/persistence';
import { sessionFeature } from './session/session';
import { syncFeature } from './sync/sync';

/** Every feature of the world, in registration order (which fixes hook order within a phase). */
export const FEATURES: readonly Feature[] = [
  sessionFeature,
  npcFeature,
  movementFeature,
  chatFeature,
  equipmentFeature,
  inventoryFeature,
  consumablesFeature,
  groundItemsFeature,
  combatFeature,
  deathFeature,
  syncFeature,
  persistenceFeature,
];
