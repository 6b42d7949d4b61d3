/**
 * Steps of the server's start-up that are not wiring: the world records handed back to the world,
 * the crash tests' fail points, and bounded waits for the shutdown.
 */
import type { Log } from './logger';
import type { Content } from '../content/load';
import type { Repositories } from '../storage';
import type { WorldHost } from '../world/world-host';

/**
 * World state kept by features comes back before the first tick: the world chunks (objects whose
 * state differs from the placements), the stock of every shop that has saved stock, and the items
 * lying on the ground, each of this world only (`repos` is bound to it).
 */
export async function restoreFeatureRecords(
  host: WorldHost,
  repos: Repositories,
  content: Content,
  logger: Log,
): Promise<void> {
  const chunks = await repos.worldChunks.list();
  host.restoreRecords(
    'worldChunk',
    chunks.map((c) => ({ key: c.chunkKey, data: c.data })),
  );
  const stocks: Array<{ key: string; data: Record<string, number> }> = [];
  for (const storeId of content.stores.keys()) {
    const stock = await repos.storeStock.get(storeId);
    if (Object.keys(stock).length > 0) stocks.push({ key: storeId, data: stock });
  }
  host.restoreRecords('storeStock', stocks);
  const regions = await repos.groundRegions.list();
  host.restoreRecords(
    'groundRegion',
    regions.map((r) => ({ key: r.regionKey, data: r.data })),
  );
  logger.info(
    { worldChunks: chunks.length, stores: stocks.length, groundRegions: regions.length },
    'restored world chunks, shop stock and ground items',
  );
}

/**
 * Crash tests (FAILPOINTS): the hook the save queue calls at each fail point. Reaching a named one
 * kills this process at once with SIGKILL, as a crash would: no shutdown, no flush.
 */
export function failpointTrigger(
  names: readonly string[],
  logger: Log,
): ((name: string) => void) | undefined {
  if (names.length === 0) return undefined;
  const armed = new Set(names);
  logger.warn({ failpoints: names }, 'fail points armed: the process kills itself when one is reached');
  return (name) => {
    if (!armed.has(name)) return;
    logger.warn({ failpoint: name }, 'fail point reached: killing the process');
    process.kill(process.pid, 'SIGKILL');
  };
}

/** True when `p` settles (either way) within `ms`. */
export function settlesWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  return withTimeout(
    p.then(
      () => true,
      () => true,
    ),
    ms,
    false,
  );
}

export function withTimeout<T>(p: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}
