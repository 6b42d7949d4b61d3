import { abortable, logFailure, sleepTicks, type StepContext } from '../context';

/** Idle: stand still a few ticks (the loop re-plans after). */
export async function idleStep(ctx: StepContext): Promise<void> {
  await sleepTicks(ctx, 10);
}

/** Exploration: walk to a random tile of a random safe area. */
export async function exploreStep(ctx: StepContext): Promise<void> {
  const areas = ctx.places.areas.filter((a) => a.safeZone);
  const area = areas[Math.floor(Math.random() * areas.length)];
  if (!area) return idleStep(ctx);
  const { minX, minZ, maxX, maxZ } = area.bounds;
  const x = Math.round(minX + Math.random() * (maxX - minX));
  const z = Math.round(minZ + Math.random() * (maxZ - minZ));
  ctx.log(`exploring ${area.name} (${x},${z})`);
  try {
    await abortable(ctx.bot.actions.walkTo(x, z), ctx.signal);
  } catch (err) {
    ctx.log(`could not walk to ${x},${z}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Follow: walk next to the owner's character if it is in view; wait otherwise. */
export async function followStep(ctx: StepContext, once: boolean): Promise<boolean> {
  const owner = ctx.bot.world.nearestEntity((e) => e.kind === 'player' && ctx.ownerCharacterIds.has(e.id));
  if (!owner) {
    await sleepTicks(ctx, 5);
    return false;
  }
  const here = ctx.bot.world.position;
  if (!here || Math.max(Math.abs(here.x - owner.x), Math.abs(here.z - owner.z)) > 1) {
    await abortable(ctx.bot.actions.walkTo(owner.x + 1, owner.z), ctx.signal).catch(
      logFailure(ctx.log, 'following the owner'),
    );
  }
  if (!once) await sleepTicks(ctx, 2);
  return true;
}
