import { randomUUID } from 'node:crypto';
import type { JsonObject } from '../sim/core/types';
import type { Repositories } from '../storage';
import { writesOf, type Entry } from './save-entries';
import type { SetAsideSave } from './save-queue-types';
import type { Log } from '../app/logger';

/**
 * Sets a group of saves aside: logged with its error, and kept whole in `save_quarantine` for an
 * operator (or, when even that write fails, in the log line). Never throws.
 */
export function storeSetAside(
  repos: Repositories,
  logger: Log,
  batch: readonly Entry[],
  err: unknown,
): SetAsideSave {
  const w = writesOf(batch);
  const characterIds = [...new Set(batch.filter((e) => !e.key.startsWith('record:')).map((e) => e.key))];
  const recordKeys = [...new Set(batch.flatMap((e) => [...e.records.keys()]))];
  const entry: SetAsideSave = {
    id: randomUUID(),
    characterIds,
    recordKeys,
    error: errorText(err),
    at: new Date().toISOString(),
  };
  logger.error(
    { err, characters: characterIds, records: recordKeys, quarantineId: entry.id },
    'a save failed on its own: set aside for an operator (save_quarantine); its players are logged out',
  );
  const payload = JSON.parse(
    JSON.stringify({
      snapshots: w.writes.snapshots,
      locks: w.writes.locks.map((l) => l.state),
      records: w.writes.records.map((r) => ({ what: r.what, key: r.key, data: r.data })),
      ledger: [...w.writes.ledger.values()],
    }),
  ) as JsonObject;
  const lost = (e: unknown) =>
    logger.error(
      { err: e, quarantineId: entry.id, payload },
      'could not store a set-aside save; it is in this log line',
    );
  try {
    repos.saveQuarantine
      .add({ id: entry.id, characterIds, recordKeys, error: entry.error, payload })
      .catch(lost);
  } catch (e) {
    lost(e);
  }
  return entry;
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
