import type { ClientEventName, ClientPayload, ServerEventName, ServerPayload } from '@tilerealm/protocol';
import { serverEvents } from '@tilerealm/protocol';
import type { GameClient, Handler, RequestResult, ServerEventArgs } from '@tilerealm/sdk';
import { GameError, SdkError, TypedEmitter, WorldModel } from '@tilerealm/sdk';

import type { Content } from '../content';
import { chatStyleOf } from '../ui/feedback/logic';
import type { Session } from '../session';
import { activityStopLine } from './stop-text';

/** One line of the chat box. */
export interface ChatLine {
  channel: 'public' | 'private' | 'private_out' | 'system' | 'broadcast' | 'game' | 'error' | 'trade';
  from?: string;
  text: string;
  at: number;
}

/** The item picked with "Use", waiting for what it is used on. */
export interface Selection {
  slot: number;
  itemId: string;
}

/** Client-only state changes (server events are subscribed to directly with `store.on`). */
export interface StoreEvents {
  chat: [line: ChatLine];
  run: [enabled: boolean];
  selection: [selection: Selection | undefined];
  /** Someone asked a panel to show itself (e.g. "Message" on a friend opens the chat input). */
  focus: [target: 'chat' | 'inventory' | 'friends' | 'quests' | 'prayer' | 'skills' | 'equipment'];
  /** A request is being sent through `act` (the character's animations follow what it does). */
  acted: [event: ClientEventName, data: unknown];
}

const CHAT_HISTORY = 200;

/**
 * The game screen's state: the SDK client, the agent SDK's WorldModel (own player, entities, ground
 * items, altered objects, bank, shop), the last payload of every server event (so a panel mounted
 * after a state event still sees it), the chat log, and client-only choices (run, "Use" selection).
 * Created before the socket opens (`GameClient.connect({ beforeConnect })`) so nothing is missed.
 */
export class GameStore {
  readonly world = new WorldModel();
  readonly last: { [E in ServerEventName]?: ServerPayload<E> } = {};
  readonly chatLog: ChatLine[] = [];
  readonly local = new TypedEmitter<StoreEvents>();
  runEnabled = true;
  selection: Selection | undefined;
  /** A read-only spectate session (game/spectate-page.ts): `act` sends nothing. */
  spectating = false;
  private client_: GameClient | undefined;

  constructor(
    readonly content: Content,
    readonly session: Session,
  ) {}

  get client(): GameClient {
    if (!this.client_) throw new Error('the game client is not connected yet');
    return this.client_;
  }

  /** The own character id (after the welcome). */
  get selfId(): string | undefined {
    return this.world.player?.id ?? this.client_?.welcome?.playerId;
  }

  /** Wires the store to a client; call from `beforeConnect`. */
  attach(client: GameClient): void {
    this.client_ = client;
    this.world.attach(client);
    const remember = <E extends ServerEventName>(name: E): void => {
      client.on(name, (...[data]: ServerEventArgs[E]) => {
        // Indexed by the same name the payload was validated for.
        (this.last as Record<ServerEventName, unknown>)[name] = data;
      });
    };
    for (const name of Object.keys(serverEvents) as ServerEventName[]) remember(name);
    client.on('chat:message', (m) =>
      this.log({ channel: chatStyleOf(m), from: m.from?.name, text: m.message }),
    );
    client.on('pm:message', (m) => this.log({ channel: 'private', from: m.from.name, text: m.message }));
    client.on('error', (e, meta) => {
      if (meta.rid === undefined) this.log({ channel: 'error', text: e.message });
    });
    client.on('tradeError', (e, meta) => {
      if (meta.rid === undefined) this.log({ channel: 'error', text: e.message });
    });
    client.on('activity:stopped', (a) => {
      const line = activityStopLine(a.activity, a.reason);
      if (line) this.log({ channel: 'game', text: line });
    });
    // A level-up's chat line is the server's game message (the feedback layer shows its window).
  }

  /** Subscribes to a server event; returns the unsubscribe function. */
  on<E extends ServerEventName>(event: E, handler: Handler<ServerEventArgs[E]>): () => void {
    return this.client.on(event, handler);
  }

  /** Adds a line to the chat box. */
  log(line: Omit<ChatLine, 'at'>): void {
    const full: ChatLine = { ...line, at: Date.now() };
    this.chatLog.push(full);
    if (this.chatLog.length > CHAT_HISTORY) this.chatLog.splice(0, this.chatLog.length - CHAT_HISTORY);
    this.local.emit('chat', full);
  }

  /**
   * Sends a request and waits for its answer. A refusal (GameError, timeout, closed connection) is
   * shown in the chat box and resolves to undefined, so UI code never has to catch.
   */
  async act<E extends ClientEventName>(
    event: E,
    data: ClientPayload<E>,
    options?: { timeoutMs?: number },
  ): Promise<RequestResult<E> | undefined> {
    // A spectator only watches (the server would refuse it with spectator_read_only anyway).
    if (this.spectating) return undefined;
    this.local.emit('acted', event, data);
    try {
      return await this.client.request(event, data, options);
    } catch (err) {
      if (err instanceof GameError) this.log({ channel: 'error', text: err.message });
      else if (err instanceof SdkError) this.log({ channel: 'error', text: `${event}: ${err.message}` });
      else throw err;
      return undefined;
    }
  }

  /** Walks to a tile (the server finds the path), running when run is on. */
  walkTo(x: number, z: number): Promise<unknown> {
    return this.act('player:move', { x, z, run: this.runEnabled });
  }

  setRun(enabled: boolean): void {
    this.runEnabled = enabled;
    this.local.emit('run', enabled);
  }

  select(selection: Selection | undefined): void {
    this.selection = selection;
    this.local.emit('selection', selection);
  }
}

/** True when the error is the server refusing a request (as opposed to a transport failure). */
export function isRefusal(err: unknown): err is GameError {
  return err instanceof GameError;
}
