import type { Feature } from '../core/registry';
import { chatFeature } from './chat/chat';
import { consumablesFeature } from './consumables/feature';
import { equipmentFeature } from './equipment/feature';
import { groundItemsFeature } from './ground-items/feature';
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
  consumablesFeature,
  groundItemsFeature,
  syncFeature,
  persistenceFeature,
];
