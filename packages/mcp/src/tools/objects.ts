import { dist } from '../results';
import type { GameSession } from '../session';
import { here, nearbyObjects, type NearbyObject } from '../view';
import { gains, snapshot } from './gains';

/** Objects are usable within this many tiles; farther ones are walked to first. */
const OBJECT_REACH = 60;

/** A nearby object (placed or altered) by id, up to the interaction distance. */
export function objectById(s: GameSession, objectId: string): NearbyObject | undefined {
  return nearbyObjects(s, 400).find((o) => o.id === objectId);
}

/** Walks within reach of an object when it is far, then gathers until the activity stops. */
export async function gatherAt(
  s: GameSession,
  object: NearbyObject,
  methodId: string | undefined,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  if (dist(object, here(s)) > OBJECT_REACH) await s.bot.actions.walkTo(object.x, object.z + 1, { timeoutMs });
  const before = snapshot(s);
  const reason = await s.bot.actions.gather(object.id, {
    timeoutMs,
    ...(methodId === undefined ? {} : { methodId }),
  });
  return { object: object.name, objectId: object.id, stopped: reason, ...(await gains(s, before)) };
}
