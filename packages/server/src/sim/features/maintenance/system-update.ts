/**
 * The system update (docs/admin.md, docs/operations.md): an administrator's countdown after which
 * this world stops taking players and the server restarts. The countdown counts ticks; every player
 * is told (`world:systemUpdate`, with chat lines at the marks), players who log in meanwhile too;
 * at zero the world emits a `systemUpdate` effect and the host begins the graceful shutdown.
 */
import type { Player } from '../../core/player';
import { fail, type Feature, type Outcome } from '../../core/registry';
import { worldSlot } from '../../core/slots';
import type { World } from '../../core/world';

export interface SystemUpdateState {
  /** The tick at which the update begins; null while none counts down. */
  endsAt: number | null;
  /** The countdown reached zero: the shutdown was asked for, nothing can change it any more. */
  due: boolean;
  /** Players told of the current countdown (a newcomer is told at its first tick in the world). */
  readonly told: Set<string>;
}

export const SYSTEM_UPDATE = worldSlot('maintenance.systemUpdate', {
  init: (): SystemUpdateState => ({ endsAt: null, due: false, told: new Set() }),
  hash: (s, h) => h.num(s.endsAt ?? -1).bool(s.due),
});

/** The longest countdown an administrator may start: one hour. */
export const MAX_SYSTEM_UPDATE_SECONDS = 3600;

/** Chat announcements, in seconds left: every minute of the last ten, then 30, 10 and 5 seconds. */
const MARKS = [600, 540, 480, 420, 360, 300, 240, 180, 120, 60, 30, 10, 5] as const;

const secondsOf = (world: World, ticks: number) => Math.ceil((ticks * world.settings.tickMs) / 1000);

function phrase(seconds: number): string {
  if (seconds >= 60 && seconds % 60 === 0) {
    const minutes = seconds / 60;
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

function tell(world: World, p: Player, ticksLeft: number | null): void {
  world.send(p.id, 'world:systemUpdate', {
    tick: world.tick,
    ticksLeft,
    secondsLeft: ticksLeft === null ? null : secondsOf(world, ticksLeft),
  });
}

function system(world: World, p: Player, message: string): void {
  world.send(p.id, 'chat:message', { tick: world.tick, channel: 'system', from: null, message });
}

function announce(world: World, seconds: number): void {
  const message = `System update in ${phrase(seconds)}: you will be logged out, then log in again a moment later.`;
  for (const p of world.players.values()) system(world, p, message);
}

/** `/update <seconds>` starts (or restarts) the countdown; `/update cancel` stops it. */
export function runSystemUpdateCommand(world: World, args: string[]): Outcome {
  const state = SYSTEM_UPDATE.of(world);
  if (state.due) return fail('invalid_command', 'the system update has begun: it can no longer change');
  const arg = (args[0] ?? '').toLowerCase();
  if (arg === 'cancel') {
    if (state.endsAt === null) return fail('invalid_command', 'no system update is counting down');
    state.endsAt = null;
    state.told.clear();
    for (const p of world.players.values()) {
      tell(world, p, null);
      system(world, p, 'The system update was cancelled.');
    }
    return { ok: true, result: { cancelled: true } };
  }
  const seconds = /^\d{1,4}$/.test(arg) ? Number(arg) : NaN;
  if (!(seconds >= 1 && seconds <= MAX_SYSTEM_UPDATE_SECONDS))
    return fail(
      'invalid_command',
      `usage: /update <seconds, 1 to ${MAX_SYSTEM_UPDATE_SECONDS}> | /update cancel`,
    );
  const ticks = Math.max(1, Math.ceil((seconds * 1000) / world.settings.tickMs));
  state.endsAt = world.tick + ticks;
  // Everyone is told of the new countdown at this tick's end (the world phase), with the first line.
  state.told.clear();
  announce(world, secondsOf(world, ticks));
  return { ok: true, result: { seconds: secondsOf(world, ticks), ticks } };
}

/** The countdown: newcomers told, the marks announced, the shutdown asked for at zero. */
export const systemUpdateFeature: Feature = {
  name: 'maintenance',
  register(r) {
    r.worldSlot(SYSTEM_UPDATE);
    r.phase('world', (world) => {
      const state = SYSTEM_UPDATE.of(world);
      if (state.endsAt === null || state.due) return;
      const ticksLeft = Math.max(0, state.endsAt - world.tick);
      if (ticksLeft === 0) {
        state.due = true;
        world.effect({ type: 'systemUpdate' });
        return;
      }
      const now = secondsOf(world, ticksLeft);
      const before = secondsOf(world, ticksLeft + 1);
      const mark = MARKS.find((m) => now <= m && m < before);
      if (mark !== undefined) {
        // Everyone again at a mark (clients may have drifted); the chat line names the mark.
        state.told.clear();
        announce(world, mark);
      }
      for (const p of world.players.values()) {
        if (state.told.has(p.id)) continue;
        state.told.add(p.id);
        tell(world, p, ticksLeft);
      }
    });
  },
};
