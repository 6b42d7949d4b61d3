export { AgentActions, ActionError, DEFAULT_FOOD } from './actions';
export type { ActionOptions } from './actions';
export { WorldModel, TRACKED_EVENTS, applyLookChange } from './world-model';
export type { AlteredObject, BankSlot, ShopState } from './world-model';
export { WorldPlaces, tileDistance } from './places';
export type { AreaInfo, NpcSpawn, PlacedObject } from './places';
export { Bot } from './bot';
export type { BotOptions } from './bot';
