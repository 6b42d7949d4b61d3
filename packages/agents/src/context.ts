import type { Bot, WorldPlaces } from '@tilerealm/sdk';
import { errorText, handledElsewhere } from './errors';

/** Everything a behaviour step needs: the bot, the public map, a log line writer and a stop signal. */
export interface StepContext {
  bot: Bot;
  places: WorldPlaces;
  log(message: string): void;
  /** Aborted when the agent's goal, pause state or owner command changes, or the agent stops. */
  signal: AbortSignal;
  /** Character ids of the agent's owner (chat commands and "follow me" look for them). */
  ownerCharacterIds: ReadonlySet<string>;
  /** The agent's own seed (see behaviours/choose.ts): spreads agents' choices, deterministically. */
  seed?: number;
}

/** The step was interrupted by `signal` (not a failure). */
export class StepAborted extends Error {
  constructor() {
    super('step aborted');
  }
}

/** Resolves or rejects with `promise`, or rejects with StepAborted as soon as `signal` aborts. */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    handledElsewhere(promise);
    return Promise.reject(new StepAborted());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new StepAborted());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** Waits `ticks` game ticks (by the server's tick length), or until `signal` aborts. */
export function sleepTicks(ctx: StepContext, ticks: number): Promise<void> {
  const ms = (ctx.bot.client.welcome?.tickMs ?? 600) * ticks;
  return abortable(new Promise<void>((r) => setTimeout(r, ms)), ctx.signal).catch(unlessAborted);
}

/** Lets an abort through as a normal end (the step was interrupted); anything else is rethrown. */
function unlessAborted(err: unknown): void {
  if (!(err instanceof StepAborted)) throw err;
}

/**
 * A rejection handler for what a step does on the side (closing a window, stepping aside, eating):
 * its failure does not end the step but goes to the agent's activity log as `<what> failed: …`.
 * An abort (the step was interrupted) is no failure and is not logged.
 */
export function logFailure(log: (message: string) => void, what: string): (err: unknown) => void {
  return (err) => {
    if (!(err instanceof StepAborted)) log(`${what} failed: ${errorText(err)}`);
  };
}
