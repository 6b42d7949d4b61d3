import { z } from 'zod';
import { requestJson } from '../game-api';
import { abortable, logFailure, sleepTicks, type StepContext } from '../context';
import { errorText } from '../errors';

/** Where the owner is for "come here" / "follow me": a tile of this world, or why not. */
export type OwnerWhereabouts = { ok: true; x: number; z: number } | { ok: false; reason: string };

/** Finds the owner of the agent whose session token is given (see {@link restOwnerLocator}). */
export type OwnerLocator = (token: string) => Promise<OwnerWhereabouts>;

const characterList = z.object({
  characters: z.array(
    z.object({ id: z.string(), name: z.string(), agent: z.object({}).loose().nullable().optional() }),
  ),
});
const position = z.object({
  online: z.boolean(),
  world: z.number().int().nullable(),
  source: z.enum(['live', 'saved']),
  position: z.object({ x: z.number(), z: z.number() }),
});

/**
 * Locates the owner through the game server's REST API, with the agent's own session token (a
 * token of the owner's account): `GET /api/character` names the owner's own characters (agents
 * marked, and left out), `GET /api/characters/:id/position` says where each is. `apiUrl` is the
 * server the agent plays on, so a `live` position is a tile of the agent's world; a character
 * online elsewhere is on another world. Nothing is sent through the game protocol.
 */
export function restOwnerLocator(apiUrl: string): OwnerLocator {
  return async (token) => {
    const auth = { authorization: `Bearer ${token}` };
    const list = await requestJson(apiUrl, 'GET', '/api/character', auth, undefined, characterList);
    const own = list.characters.filter((c) => !c.agent);
    if (own.length === 0) return { ok: false, reason: 'you have no character of your own to come to' };
    let elsewhere: number | null = null;
    for (const c of own) {
      const path = `/api/characters/${encodeURIComponent(c.id)}/position`;
      const where = await requestJson(apiUrl, 'GET', path, auth, undefined, position);
      if (where.source === 'live') return { ok: true, x: where.position.x, z: where.position.z };
      if (where.online) elsewhere = where.world;
    }
    if (elsewhere !== null) return { ok: false, reason: `you are on world ${elsewhere}, not mine` };
    return { ok: false, reason: 'you are offline' };
  };
}

/** The REST address of the server behind a WebSocket address (`ws://host/ws` → `http://host/`). */
export function apiUrlOf(socketUrl: string): string {
  const url = new URL(socketUrl);
  url.protocol = url.protocol === 'wss:' ? 'https:' : 'http:';
  url.pathname = '/';
  url.search = '';
  return url.toString();
}

/** How far one walk order goes toward a distant owner (the server's path search has a range). */
const LEG = 24;

/**
 * One step of "come here" (`once`) or "follow me": the owner's character in view is used as it
 * is; otherwise `locate` asks the server where the owner is. Resolves `arrived` next to the owner,
 * `walking` on the way, or `{ reason }` when the owner cannot be reached (no character, offline,
 * another world), which the agent says and logs instead of waiting in silence.
 */
export async function comeToOwner(
  ctx: StepContext,
  locate: OwnerLocator | undefined,
): Promise<'arrived' | 'walking' | { reason: string }> {
  const here = ctx.bot.world.position;
  const seen = ctx.bot.world.nearestEntity((e) => e.kind === 'player' && ctx.ownerCharacterIds.has(e.id));
  let target: { x: number; z: number };
  if (seen) target = seen;
  else {
    const token = ctx.bot.client.token;
    if (!locate || token === undefined) return { reason: 'I cannot see you and cannot ask where you are' };
    let found: OwnerWhereabouts;
    try {
      found = await abortable(locate(token), ctx.signal);
    } catch (err) {
      return { reason: `I could not find out where you are (${errorText(err)})` };
    }
    if (!found.ok) return { reason: found.reason };
    target = found;
  }
  if (here && Math.max(Math.abs(here.x - target.x), Math.abs(here.z - target.z)) <= 1) return 'arrived';
  const dx = here ? Math.max(-LEG, Math.min(LEG, target.x + 1 - here.x)) : 0;
  const dz = here ? Math.max(-LEG, Math.min(LEG, target.z - here.z)) : 0;
  const to = here ? { x: here.x + dx, z: here.z + dz } : { x: target.x + 1, z: target.z };
  const before = here ? { ...here } : undefined;
  await abortable(ctx.bot.actions.walkTo(to.x, to.z), ctx.signal).catch(
    logFailure(ctx.log, 'walking to the owner'),
  );
  const after = ctx.bot.world.position;
  if (before && after && before.x === after.x && before.z === after.z) {
    // No step was possible (blocked, or no path): wait a moment rather than spin on requests.
    await sleepTicks(ctx, 2);
  }
  return 'walking';
}

/** Walk orders a "come here" may take before the agent gives up (a leg is at most {@link LEG} tiles). */
export const MAX_OWNER_LEGS = 40;

/**
 * One step of an owner's "come here" or "follow me". `end`: `stop` (came: now stand still),
 * `done` (the command ends: the owner cannot be reached, said in chat and logged), or null (keep
 * going); `legs` counts the walk orders of a "come here", which gives up after MAX_OWNER_LEGS.
 */
export async function ownerCommandStep(
  ctx: StepContext,
  kind: 'come' | 'follow',
  locate: OwnerLocator | undefined,
  legs: number,
): Promise<{ end: 'stop' | 'done' | null; legs: number }> {
  const verb = kind === 'come' ? 'come' : 'follow';
  const outcome = await comeToOwner(ctx, locate);
  if (ctx.signal.aborted) return { end: null, legs };
  if (typeof outcome === 'object') {
    ctx.log(`cannot ${verb}: ${outcome.reason}`);
    await ctx.bot.actions
      .say(`I can't ${verb}: ${outcome.reason}`.slice(0, 80))
      .catch(logFailure(ctx.log, 'answering the owner'));
    return { end: 'done', legs: 0 };
  }
  if (outcome === 'arrived') {
    if (kind === 'come') {
      ctx.log('came to the owner');
      return { end: 'stop', legs: 0 };
    }
    await sleepTicks(ctx, 2);
    return { end: null, legs: 0 };
  }
  if (kind === 'come' && legs + 1 > MAX_OWNER_LEGS) {
    ctx.log('cannot come: no way to the owner found');
    return { end: 'done', legs: 0 };
  }
  return { end: null, legs: legs + 1 };
}
