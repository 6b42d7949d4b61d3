/** The world's settings: distances, intervals and the tick's length (app/start-server.ts sets them). */
export interface WorldSettings {
  /** Ticks between auto-saves of every player (SAVE_INTERVAL / 0.6 s). */
  autosaveTicks: number;
  /** Chebyshev distance in tiles within which entities are visible (a crowd shrinks a view: features/sync). */
  viewDistance: number;
  /** Entities a player's view holds before a crowd shrinks it (VIEW_CROWD, features/sync). */
  viewCrowd: number;
  /** Chebyshev distance in tiles within which a placed object can be used (drawn beyond the view). */
  interactionDistance: number;
  /** Chebyshev distance in tiles within which public chat is heard. */
  hearingDistance: number;
  /** Ticks a gravestone stands before its items fall to the ground (default 1,500 = 15 minutes). */
  gravestoneTicks: number;
  tickMs: number; // a tick's length in ms, for what players are told in seconds (a system update)
}

export const DEFAULT_SETTINGS: WorldSettings = {
  autosaveTicks: 100,
  viewDistance: 15,
  viewCrowd: 40,
  interactionDistance: 64,
  hearingDistance: 15,
  gravestoneTicks: 1500,
  tickMs: 600,
};
