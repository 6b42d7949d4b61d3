import type { DropTable } from '../../../content/schemas/npcs';
import type { Rng } from '../../core/rng';

export interface DroppedStack {
  itemId: string;
  quantity: number;
}

/**
 * Rolls an NPC's drop table with the world's RNG: every `always` entry, then one roll over
 * `rollWeight` that lands on at most one common, uncommon or rare entry (weights are chances out of
 * rollWeight; the remainder drops nothing). Quantities are uniform in [min, max]. Quest-gated
 * `always` entries are left to the caller (`questAllows`), so this stays a pure function.
 */
export function rollDrops(
  rng: Pick<Rng, 'nextInt' | 'between'>,
  table: DropTable,
  questAllows: (quest: { questId: string; stage: string }) => boolean = () => true,
): DroppedStack[] {
  const out: DroppedStack[] = [];
  for (const d of table.always) {
    if (d.quest && !questAllows(d.quest)) continue;
    out.push({ itemId: d.itemId, quantity: rng.between(d.min, d.max) });
  }
  let roll = rng.nextInt(table.rollWeight);
  for (const d of [...table.common, ...table.uncommon, ...table.rare]) {
    if (roll < d.weight) {
      out.push({ itemId: d.itemId, quantity: rng.between(d.min, d.max) });
      break;
    }
    roll -= d.weight;
  }
  return out;
}
