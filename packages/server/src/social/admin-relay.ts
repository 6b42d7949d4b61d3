import type { Repositories } from '../storage';
import type { CrossWorldAdmin } from '../world/world-host';
import type { SocialBus } from './bus';

/**
 * The administrators' `/broadcast` and `/kick` beyond this world, over the bus: a broadcast goes
 * to every other world (which hears it as a `broadcast` command in its input log); a kick of a
 * name no player here has finds the character, the world its presence names, and asks that world
 * to disconnect it.
 */
export function crossWorldAdmin(repos: Pick<Repositories, 'characters'>, bus: SocialBus): CrossWorldAdmin {
  return {
    broadcast: (message) => bus.broadcast(message),
    async kick(name) {
      const character = await repos.characters.findByName(name);
      if (!character) return { kicked: false, reason: 'not_found' };
      const worlds = await bus.worldsOf([character.id]);
      if (!worlds) return { kicked: false, reason: 'unavailable' };
      const world = worlds.get(character.id);
      // This world's own players were looked for by the world itself.
      if (world === undefined || world === bus.worldId) return { kicked: false, reason: 'not_found' };
      const reached = await bus.kick(world, character.id);
      if (reached === 'done') return { kicked: true, world };
      return { kicked: false, reason: reached === 'unavailable' ? 'unavailable' : 'not_found' };
    },
  };
}
