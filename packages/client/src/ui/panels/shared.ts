import type { GameStore } from '../../game/store';

/** Collects unsubscribe functions so a panel's unmount removes every listener it added. */
export class Disposers {
  private readonly list: (() => void)[] = [];

  add(off: () => void): void {
    this.list.push(off);
  }

  /** Adds a DOM listener and remembers how to remove it. */
  listen<K extends keyof HTMLElementEventMap>(
    target: HTMLElement,
    type: K,
    fn: (e: HTMLElementEventMap[K]) => void,
  ): void {
    target.addEventListener(type, fn);
    this.list.push(() => target.removeEventListener(type, fn));
  }

  dispose(): void {
    for (const off of this.list.splice(0).reverse()) off();
  }
}

export interface PrayerState {
  points: number;
  maxPoints: number;
  active: string[];
}

/**
 * Prayer points and active prayers now: the newest of the last prayer:update and the player:sync
 * (the world model does not follow prayer:update).
 */
export function prayerState(store: GameStore): PrayerState {
  const player = store.world.player;
  const update = store.last['prayer:update'];
  const syncTick = store.last['player:sync']?.tick ?? -1;
  if (update && update.tick >= syncTick)
    return { points: update.points, maxPoints: update.maxPoints, active: update.active };
  const level = player?.skills['prayer']?.level ?? 1;
  return { points: player?.prayer.points ?? 0, maxPoints: level, active: player?.prayer.active ?? [] };
}

/** Runs `fn` at most once per animation frame, however often it is asked for. */
export function frameScheduler(fn: () => void): { request(): void; cancel(): void } {
  let handle: number | undefined;
  return {
    request() {
      if (handle !== undefined) return;
      handle = requestAnimationFrame(() => {
        handle = undefined;
        fn();
      });
    },
    cancel() {
      if (handle !== undefined) cancelAnimationFrame(handle);
      handle = undefined;
    },
  };
}
