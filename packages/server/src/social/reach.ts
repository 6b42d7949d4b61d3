import type { Notice, SocialContext } from './types';

/**
 * Where characters are online: this world for those with a session here (the gateway knows),
 * another world for those the bus's presence puts there. `complete` is false when the bus could
 * not be asked (Redis away): then only this world's characters are known.
 */
export async function locate(
  ctx: SocialContext,
  ids: readonly string[],
): Promise<{ worlds: Map<string, number>; complete: boolean }> {
  const here = ctx.bus.worldId;
  const worlds = new Map<string, number>();
  const elsewhere: string[] = [];
  for (const id of new Set(ids)) {
    if (ctx.link.isOnline(id)) worlds.set(id, here);
    else elsewhere.push(id);
  }
  if (elsewhere.length === 0) return { worlds, complete: true };
  const remote = await ctx.bus.worldsOf(elsewhere);
  if (!remote) return { worlds, complete: false };
  // A presence naming this world without a session here is a stale one (its renewal stopped).
  for (const [id, world] of remote) if (world !== here) worlds.set(id, world);
  return { worlds, complete: true };
}

/**
 * Sends each notice to its character wherever it is online (here directly, on another world over
 * the bus, not awaited); offline characters get nothing (they read their lists at login).
 */
export async function sendNotices(ctx: SocialContext, notices: readonly Notice[]): Promise<void> {
  if (notices.length === 0) return;
  const { worlds } = await locate(
    ctx,
    notices.map((n) => n.to),
  );
  for (const n of notices) {
    const world = worlds.get(n.to);
    if (world === undefined) continue;
    if (world === ctx.bus.worldId) ctx.link.deliver(n.to, [n.event]);
    else ctx.bus.notify(world, n.to, [n.event]);
  }
}
