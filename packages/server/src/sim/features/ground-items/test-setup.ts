import { playerRecord as baseRecord } from '../../../../test/records';
import type { PlayerRecord } from '../../core/types';

/**
 * Shared set-up of the ground-item tests (test-only; nothing in the server imports it). The
 * shipped content is loaded by each test file (loading reads files, which sim/ code may not do).
 */
export function playerRecord(
  id: string,
  x: number,
  z: number,
  items: ReadonlyArray<readonly [string, number]>,
): PlayerRecord {
  return baseRecord(id, {
    x,
    z,
    inventory: items.map(([itemId, quantity], slot) => ({ slot, itemId, quantity })),
  });
}
