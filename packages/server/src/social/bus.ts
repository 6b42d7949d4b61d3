import type { OutEvent } from '../sim/core/types';

/**
 * What the world does with the bus traffic addressed to it. The composition root builds it from
 * the gateway (who has a session here), the social service and the world host.
 */
export interface BusReceiver {
  /**
   * Events for a character with a session here; with `connectedOnly`, only while its connection
   * is open (a private message). True when they were handed to the session.
   */
  deliver(characterId: string, events: OutEvent[], connectedOnly: boolean): boolean;
  /** The character's lists changed on another world: send it a fresh `social:state`. */
  refresh(characterId: string): void;
  /** An administrator's broadcast from another world: it enters this world as a command. */
  broadcast(message: string): void;
  /** An administrator on another world kicked this character: true when it had a session here. */
  kick(characterId: string): boolean;
  /**
   * Another world takes the character over (a login with takeover): log it out here (its lease is
   * released with the logout save). True when it was here.
   */
  logoutForTakeover(characterId: string): Promise<boolean>;
}

/** A request to another world: answered, refused there (`offline`), or not answered at all. */
export type Reached = 'done' | 'offline' | 'unavailable';

/**
 * Cross-world social: which world each online character is on (presence), and delivery of events,
 * list refreshes, broadcasts, kicks and takeover requests to the world a character is on. Two
 * implementations: in-process ({@link MemorySocialBus}, the default: one world, or several in one
 * process for tests) and Redis ({@link RedisSocialBus}, `REDIS_URL`: many world processes).
 *
 * Nothing here is game state: presence and messages in flight may be lost (a Redis outage), never
 * items. While the bus cannot reach other worlds, `available` is false, presence lookups answer
 * `undefined`, requests answer `unavailable`; local play never waits on it.
 */
export interface SocialBus {
  /** This process's world number. */
  readonly worldId: number;
  /** Whether other worlds can be reached now. */
  readonly available: boolean;
  /** Starts receiving (call once, before the first session). */
  start(receiver: BusReceiver): Promise<void>;
  /** The character's session began here (presence, renewed while it lasts). */
  setPresence(characterId: string): void;
  /** The character's session here ended (a presence another world set since is left alone). */
  clearPresence(characterId: string): void;
  /** The world of each online character among `ids` (absent: offline); undefined when unavailable. */
  worldsOf(ids: readonly string[]): Promise<Map<string, number> | undefined>;
  /** Events for a character on world `worldId` (see {@link BusReceiver.deliver}). */
  deliver(worldId: number, characterId: string, events: OutEvent[], connectedOnly: boolean): Promise<Reached>;
  /** Events for a character on world `worldId`, no answer awaited (notices: presence, requests). */
  notify(worldId: number, characterId: string, events: OutEvent[]): void;
  /** Asks world `worldId` to send the character a fresh `social:state` (no answer awaited). */
  refresh(worldId: number, characterId: string): void;
  /** An administrator's broadcast, already delivered here, to every other world; false when unavailable. */
  broadcast(message: string): Promise<boolean>;
  /** Kicks the character on world `worldId`. */
  kick(worldId: number, characterId: string): Promise<Reached>;
  /**
   * Asks world `worldId` to log the character out for a takeover by this world: `done` when it
   * was there and is being logged out (the caller then waits for its lease), `offline` when it
   * was not, `unavailable` when that world could not be asked.
   */
  requestLogout(characterId: string, worldId: number): Promise<Reached>;
  /** Stops receiving and withdraws this world's presence (best effort). */
  close(): Promise<void>;
}
