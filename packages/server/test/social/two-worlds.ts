import { CLOSE_CODES } from '@tilerealm/protocol';
import { vi } from 'vitest';
import type { OutEvent } from '../../src/sim/core/types';
import { busReceiver } from '../../src/app/cross-world';
import type { SocialBus } from '../../src/social/bus';
import { crossWorldAdmin } from '../../src/social/admin-relay';
import { SocialService, type SocialMessage } from '../../src/social/service';
import { FakeLink, payloadsOf, type Reply } from '../../src/social/test-setup';
import type { Actor } from '../../src/social/types';
import type { Repositories } from '../../src/storage';
import type { SaveQueue } from '../../src/world/save-queue';
import { WorldHost } from '../../src/world/world-host';
import { bundledContent } from '../http-harness';
import { playerRecord } from '../records';
import { silentLog } from '../support/memory-log';

/** The gateway as the bus sees it: the FakeLink's sessions, and the disconnects it was asked for. */
export class FakeGateway extends FakeLink {
  readonly disconnects: Array<{ id: string; code: number; reason: string }> = [];

  disconnect(id: string, code: number, reason: string): void {
    if (!this.online.delete(id)) return;
    this.disconnects.push({ id, code, reason });
  }

  /** As the gateway does: the session ends with 4000 and the character logs out. */
  logoutForTakeover(id: string): boolean {
    if (!this.online.has(id)) return false;
    this.disconnect(id, CLOSE_CODES.replaced, 'logged in on another world');
    return true;
  }
}

/** One world of a two-world test: its social service, world host and stand-in gateway on a bus. */
export interface TestWorldNode {
  id: number;
  bus: SocialBus;
  social: SocialService;
  gateway: FakeGateway;
  host: WorldHost;
  /** Everything the host delivered to each player (ticks' events and answers sent later). */
  received: Map<string, OutEvent[]>;
  /** A character's session starts on this world (the gateway's call), with its player in the world. */
  login(actor: Actor): Promise<void>;
  ask(actor: Actor, message: SocialMessage): Promise<Reply>;
}

/** Builds a world on `bus`, sharing `repos` (one database for every world). */
export async function worldNode(id: number, bus: SocialBus, repos: Repositories): Promise<TestWorldNode> {
  const gateway = new FakeGateway();
  const received = new Map<string, OutEvent[]>();
  const saves = { push: vi.fn(), pushLock: vi.fn(), pushRecord: vi.fn(), listen: vi.fn() };
  const logger = silentLog();
  const host = new WorldHost({
    content: await bundledContent(),
    seed: id,
    tickMs: 600,
    saves: saves as unknown as SaveQueue,
    logger,
    crossWorld: crossWorldAdmin(repos, bus),
  });
  host.attach({
    deliver: (playerId, events) => received.set(playerId, [...(received.get(playerId) ?? []), ...events]),
    flush: () => undefined,
    disconnect: (playerId, code, reason) => gateway.disconnect(playerId, code, reason),
  });
  const social = new SocialService({ repos, world: host, logger, bus });
  social.attach(gateway);
  await bus.start(busReceiver({ social, gateway, host }));
  return {
    id,
    bus,
    social,
    gateway,
    host,
    received,
    async login(actor) {
      gateway.online.add(actor.id);
      host.enqueue({
        type: 'login',
        record: playerRecord(actor.id, { accountId: actor.accountId, name: actor.name }),
      });
      host.tick();
      await social.sessionStarted(actor, false);
    },
    async ask(actor, message) {
      await social.handle(actor.id, message, 1);
      const replies = gateway.take(actor.id).filter((e) => e.rid === 1);
      const [ack] = payloadsOf(replies, 'ack');
      const [error] = payloadsOf(replies, 'error');
      if (ack) return { ok: true, ...ack };
      if (error) return { ok: false, ...error };
      throw new Error(`no answer to ${message.event}`);
    },
  };
}

/** A new character on its own account in the shared database. */
export async function newCharacter(repos: Repositories, name: string): Promise<Actor> {
  const account = await repos.users.createAnonymous();
  const made = await repos.characters.create({ accountId: account.id, name });
  if (!made.ok) throw new Error(`creating ${name} failed: ${made.reason}`);
  return { id: made.character.id, accountId: account.id, name };
}
