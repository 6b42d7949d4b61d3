/**
 * What the HTTP layer may know about the live world. The real-time world implements it; until a
 * world is attached the server reports the truth: no players online and no tick figures.
 */
export interface PhaseFigures {
  name: string;
  p50Ms: number;
  p99Ms: number;
}

export interface TickFigures {
  tick: number;
  tickMs: number;
  p50Ms: number;
  p99Ms: number;
  phases: PhaseFigures[];
  /** Delivering each tick's events after the step (queueing, encoding and sending every frame). */
  delivery: { p50Ms: number; p99Ms: number };
}

export interface WorldView {
  playersOnline(): number;
  isOnline(characterId: string): boolean;
  /** Live position of an online character (authoritative over the saved one). */
  livePosition(characterId: string): { x: number; y: number; z: number } | undefined;
  tickFigures(): TickFigures | null;
  currentTick(): number | null;
}

export const noWorld: WorldView = {
  playersOnline: () => 0,
  isOnline: () => false,
  livePosition: () => undefined,
  tickFigures: () => null,
  currentTick: () => null,
};
