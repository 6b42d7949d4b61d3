import { GameError, type Bot } from '@tilerealm/sdk';

/**
 * Turn running back on once this much run energy (of 10,000) has come back. The server stops a
 * run when energy runs out; energy returns on every tick not spent running (also while gathering),
 * so an agent that switches running back on covers its walks between resources at two tiles a tick
 * as far as its energy goes.
 */
export const RUN_RESUME_ENERGY = 1_000;

/** Whether the agent should switch running on, a pure function of its own state. */
export function shouldRun(self: { running: boolean; runEnergy: number } | undefined): boolean {
  return self !== undefined && !self.running && self.runEnergy >= RUN_RESUME_ENERGY;
}

/** Switches running on when {@link shouldRun} says so; refusals are logged, never thrown. */
export async function keepRunning(bot: Bot, log: (m: string) => void): Promise<void> {
  if (!shouldRun(bot.world.player?.position)) return;
  try {
    await bot.client.request('player:action', { action: 'setRun', running: true });
  } catch (err) {
    if (!(err instanceof GameError)) throw err;
    log(`cannot run: ${err.code}`);
  }
}
