import { serverEvents, type Rid, type ServerEventName, type ServerPayload } from '@tilerealm/protocol';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase } from '../../test/db-helpers';
import type { Command, OutEvent } from '../sim/core/types';
import { createRepositories, type Repositories } from '../storage';
import type { Database } from '../storage/types';
import { SocialService, type SocialMessage } from './service';
import type { Actor, SocialLink } from './types';
import { silentLog } from '../../test/support/memory-log';

/**
 * Shared set-up of the social service tests (test-only): a real database, the service, and a
 * stand-in for the gateway that records what each character was sent.
 */
export class FakeLink implements SocialLink {
  readonly online = new Set<string>();
  /** Online but with the connection dropped (inside the reconnect grace period). */
  readonly dropped = new Set<string>();
  private readonly sent = new Map<string, OutEvent[]>();

  isOnline(id: string): boolean {
    return this.online.has(id);
  }

  isConnected(id: string): boolean {
    return this.online.has(id) && !this.dropped.has(id);
  }

  deliver(id: string, events: OutEvent[]): void {
    this.sent.set(id, [...(this.sent.get(id) ?? []), ...events]);
  }

  /** Everything `id` was sent, then forgets it. */
  take(id: string): OutEvent[] {
    const events = this.sent.get(id) ?? [];
    this.sent.delete(id);
    return events;
  }

  /** The payloads of one event `id` was sent, checked against the protocol (all events are forgotten). */
  takeOf<E extends ServerEventName>(id: string, event: E): ServerPayload<E>[] {
    return payloadsOf(this.take(id), event);
  }
}

/** The payloads of `event` among `events`, parsed by the protocol's schema (so they are valid too). */
export function payloadsOf<E extends ServerEventName>(events: OutEvent[], event: E): ServerPayload<E>[] {
  // The value was just parsed by E's own schema; TypeScript cannot tie the indexed schema to E.
  return events
    .filter((e) => e.event === event)
    .map((e) => serverEvents[event].schema.parse(e.data) as ServerPayload<E>);
}

/** The answer to a request: an ack (`ok: true`) or an error (`ok: false`) with their payloads. */
export type Reply = ({ ok: true } & ServerPayload<'ack'>) | ({ ok: false } & ServerPayload<'error'>);

export interface SocialKit {
  repos: Repositories;
  link: FakeLink;
  service: SocialService;
  /** Commands the service gave the world. */
  commands: Command[];
  /** The clock of the private message limit, moved by the tests. */
  clock: { now: number };
  /** A new character on its own account (or on `accountId`), online unless told otherwise. */
  character(name: string, opts?: { accountId?: string; online?: boolean }): Promise<Actor>;
  /**
   * Sends a request with rid 1: `reply` is the ack or error payload, `sent` everything the sender
   * received (taken from the link).
   */
  ask(actor: Actor, message: SocialMessage): Promise<{ reply: Reply; sent: OutEvent[] }>;
}

/** Registers beforeAll/afterAll hooks for a describe block; use the kit inside tests. */
export function useSocialKit(): { readonly kit: SocialKit } {
  let database: Database | undefined;
  let kit: SocialKit | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(process.env['DATABASE_URL'] ? 'postgres' : 'pglite');
    const repos = createRepositories(database);
    const link = new FakeLink();
    const commands: Command[] = [];
    const clock = { now: 1_000_000 };
    const service = new SocialService({
      repos,
      world: { enqueue: (c) => commands.push(c) },
      logger: silentLog(),
      now: () => clock.now,
    });
    service.attach(link);
    kit = {
      repos,
      link,
      service,
      commands,
      clock,
      async character(name, opts = {}) {
        const accountId = opts.accountId ?? (await repos.users.createAnonymous()).id;
        const made = await repos.characters.create({ accountId, name });
        if (!made.ok) throw new Error(`creating ${name} failed: ${made.reason}`);
        if (opts.online !== false) link.online.add(made.character.id);
        return { id: made.character.id, accountId, name };
      },
      async ask(actor, message) {
        const rid: Rid = 1;
        await service.handle(actor.id, message, rid);
        const sent = link.take(actor.id);
        const replies = sent.filter((e) => e.rid === rid);
        if (replies.length !== 1) throw new Error(`expected one reply to ${message.event}`);
        const [ack] = payloadsOf(replies, 'ack');
        const [error] = payloadsOf(replies, 'error');
        const reply: Reply | undefined = ack
          ? { ok: true, ...ack }
          : error
            ? { ok: false, ...error }
            : undefined;
        if (!reply) throw new Error(`no ack or error answered ${message.event}`);
        return { reply, sent };
      },
    };
  });
  afterAll(async () => {
    await database?.close();
  });
  return {
    get kit() {
      if (!kit) throw new Error('the social kit is only ready inside tests');
      return kit;
    },
  };
}
