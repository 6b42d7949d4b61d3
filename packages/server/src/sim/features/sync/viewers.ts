import type { Npc } from '../../core/npc';
import type { Player } from '../../core/player';
import type { World } from '../../core/world';
import { viewKnows } from './view-sets';

/**
 * Who is told what happens to an entity (a hit, a death, a teleport's animation): the players whose
 * clients know it (it is in their view as last sent, sync.ts), the entity itself when it is a player,
 * and `also` (e.g. the attacker, told of its own swing). A player whose view a crowd shrank is not
 * told about entities beyond it, which its client does not have. In a deterministic order (that of
 * `World.playersNear`).
 */
export function viewersOf(world: World, o: Player | Npc, also?: Player | Npc): Player[] {
  const out: Player[] = [];
  for (const p of world.playersNear(o.x, o.z, world.settings.viewDistance))
    if (p === o || p === also || viewKnows(world, p, o.idx)) out.push(p);
  if (also?.kind === 'player' && also !== o && !out.includes(also)) out.push(also);
  return out;
}
