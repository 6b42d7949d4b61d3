import { fail, type Feature } from '../../core/registry';
import { IGNORES_NO_ONE } from '../../core/player';
import { playerSlot } from '../../core/slots';
import { chebyshev } from '../combat/combatants';
import { viewRadius } from '../sync/view-sets';
import { runCommand } from './admin-commands';
import { sanitizeChat } from './sanitize';

/** Per-player chat limit: at most this many messages... */
export const CHAT_LIMIT_MESSAGES = 5;
/** ...within this many ticks (6 seconds). */
export const CHAT_LIMIT_TICKS = 10;

/** Ticks at which the player's recent messages were sent (for the chat rate limit). */
export const CHAT_TICKS = playerSlot('chat.recent', {
  init: (): { ticks: number[] } => ({ ticks: [] }),
  hash: (s, h) => {
    for (const t of s.ticks) h.num(t);
  },
});

/**
 * Public chat: heard by players within hearing range and within their own view's reach (which a
 * crowd shrinks: sync.ts), as the original game shows the speech of the players one sees; the
 * sender is set by the server. Messages starting with `/` are commands.
 */
export const chatFeature: Feature = {
  name: 'chat',
  register(r) {
    r.playerSlot(CHAT_TICKS);
    r.on('player:chat', (world, player, data, rid) => {
      const message = sanitizeChat(data.message);
      if (message.length === 0) return fail('chat_empty', 'the message is empty');
      const recent = CHAT_TICKS.of(player);
      recent.ticks = recent.ticks.filter((t) => world.tick - t < CHAT_LIMIT_TICKS);
      if (recent.ticks.length >= CHAT_LIMIT_MESSAGES) {
        return fail(
          'chat_rate_limited',
          `at most ${CHAT_LIMIT_MESSAGES} messages every ${(CHAT_LIMIT_TICKS * 0.6).toFixed(0)} seconds`,
        );
      }
      recent.ticks.push(world.tick);
      if (message.startsWith('/')) return runCommand(world, player, message, rid);
      // One line, shared by every listener (the delivery encodes a shared payload once).
      const line = {
        tick: world.tick,
        channel: 'public' as const,
        from: { id: player.id, name: player.name },
        message,
      };
      // The reach of the listener's view is tested first: the ignore list is read only for those
      // who would hear, and only when it holds someone (the shared empty list is told by its pointer).
      for (const listener of world.playersNear(player.x, player.z, world.settings.hearingDistance)) {
        // In a crowd, no farther than the listener's view reaches: it hears those it can see.
        if (chebyshev(listener.x, listener.z, player.x, player.z) > viewRadius(world, listener)) continue;
        if (listener.ignored !== IGNORES_NO_ONE && listener.ignored.has(player.id)) continue;
        world.send(listener, 'chat:message', line);
      }
      return { ok: true };
    });
  },
};
