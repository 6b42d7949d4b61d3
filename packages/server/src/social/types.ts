import type { GameErrorCode } from '@tilerealm/protocol';
import type { Command, OutEvent } from '../sim/core/types';
import type { Repositories } from '../storage';
import type { SocialBus } from './bus';

/**
 * What the social service needs from the real-time gateway, which owns the one record of who is
 * online: a character is online while it has a session (a dropped connection stays online for
 * the reconnect grace period), and reachable while that session's connection is open.
 */
export interface SocialLink {
  /** The character has a session (presence, the lists' `online` flags). */
  isOnline(characterId: string): boolean;
  /** The character's connection is open right now (private messages are only sent then). */
  isConnected(characterId: string): boolean;
  deliver(characterId: string, events: OutEvent[]): void;
}

/** The character acting on its lists. */
export interface Actor {
  id: string;
  accountId: string;
  name: string;
}

/** What one social operation reads and writes, and how it reaches characters on other worlds. */
export interface SocialContext {
  repos: Repositories;
  link: SocialLink;
  bus: SocialBus;
}

/** An event for one character, sent only when it is online (on this world or another). */
export interface Notice {
  to: string;
  event: OutEvent;
}

/**
 * The outcome of a social request, a value like the world's: a refusal changed nothing. On
 * success the service sends `social:state` to every `refresh` character that is online (on this
 * world or another), the notices, then the `ack` with `result`; `ignoresOf` names an account whose ignore list changed
 * (the world is told, for every online character of it).
 */
export type SocialOutcome =
  | {
      ok: true;
      result?: Record<string, unknown>;
      refresh: string[];
      notices: Notice[];
      ignoresOf?: string;
    }
  | { ok: false; code: GameErrorCode; message: string };

export const refused = (code: GameErrorCode, message: string): SocialOutcome => ({
  ok: false,
  code,
  message,
});

/** Where the service hands `ignores` commands to the world (the world host). */
export interface SocialWorld {
  enqueue(command: Command): void;
}
