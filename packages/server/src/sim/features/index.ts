import type { Feature } from '../core/registry';
import { bankFeature } from './bank/feature';
import { interfacesFeature } from './bank/interface-feature';
import { interactionFeature } from './interaction/feature';
import { chatFeature } from './chat/chat';
import { combatFeature } from './combat/feature';
import { consumablesFeature } from './consumables/feature';
import { deathFeature } from './death/feature';
import { dialogueFeature } from './dialogue/feature';
import { equipmentFeature } from './equipment/feature';
import { firemakingFeature } from './firemaking/feature';
import { gatheringFeature } from './gathering/feature';
import { groundItemsFeature } from './ground-items/feature';
import { systemUpdateFeature } from './maintenance/system-update';
import { inventoryFeature } from './inventory/feature';
import { movementFeature } from './movement/movement';
import { npcFeature } from './npcs/feature';
import { objectsFeature } from './objects/feature';
import { persistenceFeature } from './persistence/persistence';
import { prayerFeature } from './prayer/feature';
import { processingFeature } from './processing/feature';
import { questsFeature } from './quests/feature';
import { sessionFeature } from './session/session';
import { shopsFeature } from './shops/feature';
import { skillsFeature } from './skills/feature';
import { syncFeature } from './sync/sync';
import { teleportFeature } from './teleport/feature';
import { tradeFeature } from './trade/feature';

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
  objectsFeature,
  gatheringFeature,
  firemakingFeature,
  interactionFeature,
  interfacesFeature,
  bankFeature,
  shopsFeature,
  tradeFeature,
  dialogueFeature,
  questsFeature,
  processingFeature,
  skillsFeature,
  combatFeature,
  deathFeature,
  prayerFeature,
  teleportFeature,
  syncFeature,
  persistenceFeature,
  systemUpdateFeature,
];
