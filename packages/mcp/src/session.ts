import type { QuestJournalEntry, ServerPayload } from '@tilerealm/protocol';
import { ApiError, Bot, RestClient, socketUrlOf, type GameClient } from '@tilerealm/sdk';
import { z } from 'zod';
import type { McpConfig } from './config';
import { GameContent } from './content';

/** How many chat lines and game events the session remembers. */
const CHAT_KEPT = 100;
const EVENTS_KEPT = 100;

export interface ChatLine {
  tick: number;
  channel: 'public' | 'system' | 'broadcast' | 'private';
  from: string | null;
  message: string;
}

/** A notable game event (xp, level, death, trade, activity end), for `get_events`-style summaries. */
export interface GameEventLine {
  tick: number;
  event: string;
  text: string;
}

type TradeState =
  ServerPayload<'tradeStarted'> | ServerPayload<'tradeUpdated'> | ServerPayload<'tradeConfirmScreen'>;

const characterList = z.object({
  characters: z.array(z.looseObject({ id: z.string(), name: z.string() })),
});
const createdCharacter = z.object({ character: z.looseObject({ id: z.string(), name: z.string() }) });

/**
 * What the WorldModel does not keep, followed from the client's events: recent chat, notable game
 * events, the quest journal, the open dialogue, trade requests and the open trade.
 */
export class GameMemory {
  readonly chat: ChatLine[] = [];
  readonly events: GameEventLine[] = [];
  journal: ServerPayload<'quest:journal'> | undefined;
  dialogue: ServerPayload<'dialogue:node'> | undefined;
  /** How many dialogue nodes arrived so far (tells a new node from the one shown before). */
  dialogueNodes = 0;
  readonly tradeRequests = new Map<string, ServerPayload<'tradeIncoming'>>();
  trade: TradeState | undefined;
  lastTrade: { tradeId: string; outcome: string } | undefined;

  /** The quest journal entries (the last `quest:journal`). */
  get quests(): QuestJournalEntry[] {
    return this.journal?.quests ?? [];
  }

  /** Follows the client's events from now on (attach before the socket opens so none is missed). */
  follow(c: GameClient): void {
    const remember = <T>(list: T[], item: T, max: number): void => {
      list.push(item);
      if (list.length > max) list.splice(0, list.length - max);
    };
    const note = (tick: number, event: string, text: string): void =>
      remember(this.events, { tick, event, text }, EVENTS_KEPT);
    c.on('chat:message', (m) =>
      remember(
        this.chat,
        { tick: m.tick, channel: m.channel, from: m.from?.name ?? null, message: m.message },
        CHAT_KEPT,
      ),
    );
    c.on('pm:message', (m) =>
      remember(
        this.chat,
        { tick: c.tick, channel: 'private', from: m.from.name, message: m.message },
        CHAT_KEPT,
      ),
    );
    c.on('quest:journal', (j) => {
      this.journal = j;
    });
    c.on('quest:completed', (q) => note(q.tick, 'quest:completed', `completed ${q.name}`));
    c.on('dialogue:node', (n) => {
      this.dialogue = n;
      this.dialogueNodes++;
    });
    c.on('dialogue:closed', (d) => {
      if (this.dialogue?.npcId === d.npcId) this.dialogue = undefined;
    });
    c.on('tradeIncoming', (t) => {
      this.tradeRequests.set(t.tradeId, t);
      note(c.tick, 'tradeIncoming', `${t.fromPlayerName} (${t.fromPlayerId}) asks to trade: ${t.tradeId}`);
    });
    c.on('tradeStarted', (t) => {
      this.tradeRequests.delete(t.tradeId);
      this.trade = t;
    });
    c.on('tradeUpdated', (t) => {
      this.trade = t;
    });
    c.on('tradeConfirmScreen', (t) => {
      this.trade = t;
    });
    c.on('tradeCompleted', (t) => {
      this.trade = undefined;
      this.lastTrade = { tradeId: t.tradeId, outcome: 'completed' };
      note(c.tick, 'tradeCompleted', `trade ${t.tradeId} completed`);
    });
    c.on('tradeCancelled', (t) => {
      this.tradeRequests.delete(t.tradeId);
      if (this.trade?.tradeId === t.tradeId) this.trade = undefined;
      this.lastTrade = { tradeId: t.tradeId, outcome: `cancelled: ${t.reason}` };
      note(c.tick, 'tradeCancelled', `trade ${t.tradeId} cancelled (${t.reason})`);
    });
    c.on('skill:levelUp', (l) => note(l.tick, 'skill:levelUp', `${l.skill} level ${l.level}`));
    c.on('activity:stopped', (a) => note(a.tick, 'activity:stopped', `${a.activity} stopped: ${a.reason}`));
    c.on('player:died', (d) =>
      note(d.tick, 'player:died', `you died; respawned at ${d.respawn.x},${d.respawn.z}`),
    );
    c.on('combat:death', (d) => note(d.tick, 'combat:death', `${d.id} died`));
  }
}

/**
 * The one game session the MCP server plays: a connected SDK `Bot` (client, world model,
 * awaitable actions), the public content, and the GameMemory of what the WorldModel does not keep.
 * Every tool reads or acts through it, so the MCP server is an ordinary player of the public protocol.
 */
export class GameSession {
  private constructor(
    readonly bot: Bot,
    readonly content: GameContent,
    readonly memory: GameMemory,
    readonly actionTimeoutMs: number,
  ) {}

  get client(): GameClient {
    return this.bot.client;
  }

  /**
   * Signs in (the token, else a fresh anonymous identity), picks or creates the character, loads the
   * content and connects to the world. Errors carry the server's reason (ApiError, ConnectionClosedError).
   */
  static async start(config: McpConfig, log: (msg: string) => void): Promise<GameSession> {
    const rest = new RestClient(config.serverUrl, config.token);
    if (rest.token === undefined) {
      await rest.anonymous();
      log('signed in anonymously');
    }
    let characterId = config.characterId;
    if (config.characterName !== undefined)
      characterId = await characterNamed(rest, config.characterName, log);
    const content = await GameContent.load(config.serverUrl, log);
    let url = socketUrlOf(config.serverUrl);
    let world: number | undefined;
    if (config.world !== undefined) {
      const entry = (await rest.listWorlds()).find((w) => w.id === config.world);
      if (!entry) throw new Error(`world ${config.world} is not in the server's world list`);
      url = entry.address;
      world = entry.id;
    }
    const memory = new GameMemory();
    const bot = await Bot.connect({
      url,
      world,
      token: rest.token,
      characterId,
      places: content.places,
      walkTimeoutMs: config.actionTimeoutMs,
      requestTimeoutMs: 15_000,
      beforeConnect: (c) => memory.follow(c),
    });
    await bot.client.request('quest:requestJournal', {});
    log(`playing ${bot.client.welcome?.name ?? '?'} (${bot.playerId}) on ${url}`);
    return new GameSession(bot, content, memory, config.actionTimeoutMs);
  }

  /** Closes the game connection. */
  close(): Promise<void> {
    return this.bot.close();
  }
}

/** The id of the account's character named `name`, created (POST /api/character) when it has none. */
async function characterNamed(rest: RestClient, name: string, log: (msg: string) => void): Promise<string> {
  const call = async <T>(method: 'GET' | 'POST', body: unknown, schema: z.ZodType<T>): Promise<T> => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${rest.token}`,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${rest.baseUrl}/api/character`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const json = parseJson(await res.text());
    if (!res.ok) {
      const e = z.object({ error: z.object({ code: z.string(), message: z.string() }) }).safeParse(json);
      throw e.success
        ? new ApiError(res.status, e.data.error.code, e.data.error.message, undefined)
        : new ApiError(res.status, `http_${res.status}`, `${method} /api/character failed`, undefined);
    }
    return schema.parse(json);
  };
  const { characters } = await call('GET', undefined, characterList);
  const found = characters.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (found) return found.id;
  const { character } = await call('POST', { name }, createdCharacter);
  log(`created character ${character.name} (${character.id})`);
  return character.id;
}

/** The JSON of a response body; undefined when it is not JSON (the status then tells what failed). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
