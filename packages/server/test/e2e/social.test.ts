import type { ServerPayload } from '@tilerealm/protocol';
import { GameClient } from '@tilerealm/sdk';
import { describe, expect, it } from 'vitest';
import { useRealtimeServer, wsUrl } from './realtime-harness';

type SocialState = ServerPayload<'social:state'>;
const WAIT = 10_000;

interface Player {
  client: GameClient;
  id: string;
  name: string;
  /** Every social:state received, from the one sent on joining. */
  states: SocialState[];
}

describe('friends, ignore lists, private messages and presence over WebSocket (SDK clients)', () => {
  const live = useRealtimeServer();

  async function join(token?: string): Promise<Player> {
    const states: SocialState[] = [];
    const client = await GameClient.connect({
      url: wsUrl(live.server),
      ...(token !== undefined ? { token } : { reconnect: false }),
      beforeConnect: (c) => c.on('social:state', (s) => states.push(s)),
    });
    const welcome = client.welcome;
    if (!welcome) throw new Error('connected without a welcome');
    return { client, id: welcome.playerId, name: welcome.name, states };
  }

  /** The lists sent on joining (they may arrive with the welcome or just after). */
  async function joinState(p: Player): Promise<SocialState> {
    return p.states[0] ?? p.client.waitFor('social:state', undefined, WAIT);
  }

  async function befriend(a: Player, b: Player): Promise<void> {
    const received = b.client.waitFor('friends:requestReceived', (r) => r.from.id === a.id, WAIT);
    await a.client.request('friends:request', { name: b.name });
    await received;
    await b.client.request('friends:respond', { playerId: a.id, accept: true });
  }

  it('sends a request, accepts it, messages a friend and ends the friendship', async () => {
    const alice = await join();
    const bob = await join();
    try {
      expect(await joinState(alice)).toEqual({ friends: [], incoming: [], outgoing: [], ignored: [] });
      const received = bob.client.waitFor('friends:requestReceived', undefined, WAIT);
      const incoming = bob.client.waitFor('social:state', (s) => s.incoming.length === 1, WAIT);
      const ack = await alice.client.request('friends:request', { name: bob.name.toUpperCase() });
      expect(ack).toMatchObject({
        event: 'friends:request',
        result: { status: 'requested', playerId: bob.id },
      });
      expect(await received).toEqual({ from: { id: alice.id, name: alice.name } });
      expect((await incoming).incoming).toEqual([{ id: alice.id, name: alice.name }]);
      expect(alice.states.at(-1)?.outgoing).toEqual([{ id: bob.id, name: bob.name }]);

      const friendOfAlice = alice.client.waitFor('social:state', (s) => s.friends.length === 1, WAIT);
      await bob.client.request('friends:respond', { playerId: alice.id, accept: true });
      expect((await friendOfAlice).friends).toEqual([{ id: bob.id, name: bob.name, online: true, world: 1 }]);
      expect(bob.states.at(-1)).toMatchObject({
        friends: [{ id: alice.id, online: true, world: 1 }],
        incoming: [],
      });

      const pm = bob.client.waitFor('pm:message', undefined, WAIT);
      const sent = await alice.client.request('pm:send', { toPlayerId: bob.id, message: 'hi\u0000 bob' });
      expect(sent).toMatchObject({ result: { toPlayerId: bob.id, message: 'hi bob' } });
      expect(await pm).toEqual({ from: { id: alice.id, name: alice.name }, message: 'hi bob' });

      const ended = bob.client.waitFor('social:state', (s) => s.friends.length === 0, WAIT);
      await alice.client.request('friends:remove', { playerId: bob.id });
      await ended;
      await expect(
        alice.client.request('pm:send', { toPlayerId: bob.id, message: 'hi' }),
      ).rejects.toMatchObject({
        code: 'not_friends',
      });
    } finally {
      await alice.client.close();
      await bob.client.close();
    }
  });

  it('declines and withdraws requests', async () => {
    const carol = await join();
    const dave = await join();
    try {
      await carol.client.request('friends:request', { name: dave.name });
      const declined = carol.client.waitFor('social:state', (s) => s.outgoing.length === 0, WAIT);
      await dave.client.request('friends:respond', { playerId: carol.id, accept: false });
      await declined;
      await expect(
        dave.client.request('friends:respond', { playerId: carol.id, accept: true }),
      ).rejects.toMatchObject({ code: 'friend_request_not_found' });

      const asked = dave.client.waitFor('social:state', (s) => s.incoming.length === 1, WAIT);
      await carol.client.request('friends:request', { name: dave.name });
      await asked;
      await expect(carol.client.request('friends:request', { name: dave.name })).rejects.toMatchObject({
        code: 'friend_request_exists',
      });
      const withdrawn = dave.client.waitFor('social:state', (s) => s.incoming.length === 0, WAIT);
      await carol.client.request('friends:cancel', { playerId: dave.id });
      await withdrawn;
      expect(await live.server.repos.social.listIncomingRequests(dave.id)).toEqual([]);
    } finally {
      await carol.client.close();
      await dave.client.close();
    }
  });

  it('tells friends when a session starts and really ends; messages to an offline friend are refused', async () => {
    const erin = await join();
    let frank = await join();
    try {
      await befriend(erin, frank);
      const token = frank.client.token ?? '';
      // Offline only once the reconnect grace period is over.
      const offline = erin.client.waitFor(
        'friends:presence',
        (p) => p.playerId === frank.id && !p.online,
        WAIT,
      );
      await frank.client.close();
      expect(await offline).toEqual({ playerId: frank.id, name: frank.name, online: false, world: null });
      await expect(
        erin.client.request('pm:send', { toPlayerId: frank.id, message: 'there?' }),
      ).rejects.toMatchObject({
        code: 'player_offline',
      });

      const online = erin.client.waitFor(
        'friends:presence',
        (p) => p.playerId === frank.id && p.online,
        WAIT,
      );
      frank = await join(token);
      expect(await online).toEqual({ playerId: frank.id, name: frank.name, online: true, world: 1 });
      expect((await joinState(frank)).friends).toEqual([
        { id: erin.id, name: erin.name, online: true, world: 1 },
      ]);
    } finally {
      await erin.client.close();
      await frank.client.close();
    }
  });

  it('an ignored player is no longer heard, and cannot message or befriend you', async () => {
    const gwen = await join();
    const hugo = await join();
    try {
      await befriend(gwen, hugo);
      const heard: string[] = [];
      gwen.client.on('chat:message', (m) => {
        if (m.from?.id === hugo.id) heard.push(m.message);
      });
      const first = gwen.client.waitFor('chat:message', (m) => m.from?.id === hugo.id, WAIT);
      await hugo.client.request('player:chat', { message: 'before' });
      await first;

      const unfriended = hugo.client.waitFor('social:state', (s) => s.friends.length === 0, WAIT);
      const ack = await gwen.client.request('ignore:add', { name: hugo.name });
      expect(ack).toMatchObject({ result: { playerId: hugo.id, friendshipEnded: true } });
      expect(gwen.states.at(-1)).toMatchObject({ friends: [], ignored: [{ id: hugo.id, name: hugo.name }] });
      await unfriended;

      await hugo.client.request('player:chat', { message: 'after' });
      // A later request of Gwen's is answered after the tick that carried Hugo's line.
      await gwen.client.request('player:requestSync', {});
      expect(heard).toEqual(['before']);
      await expect(
        hugo.client.request('pm:send', { toPlayerId: gwen.id, message: 'hey' }),
      ).rejects.toMatchObject({
        code: 'not_friends',
      });
      await expect(hugo.client.request('friends:request', { name: gwen.name })).rejects.toMatchObject({
        code: 'player_unavailable',
      });

      await gwen.client.request('ignore:remove', { playerId: hugo.id });
      const again = gwen.client.waitFor('chat:message', (m) => m.from?.id === hugo.id, WAIT);
      await hugo.client.request('player:chat', { message: 'forgiven' });
      expect((await again).message).toBe('forgiven');
    } finally {
      await gwen.client.close();
      await hugo.client.close();
    }
  });

  it('answers bad social payloads with invalid_payload', async () => {
    const ivan = await join();
    try {
      const bad: Array<[Parameters<GameClient['request']>[0], unknown]> = [
        ['friends:request', { name: '' }],
        ['friends:request', { name: 'has  two spaces' }],
        ['friends:request', { name: 'a'.repeat(13) }],
        ['friends:respond', { playerId: 'x' }],
        ['friends:cancel', { playerId: 'x', extra: 1 }],
        ['ignore:add', {}],
        ['ignore:remove', { playerId: '' }],
        ['pm:send', { toPlayerId: 'x', message: '' }],
        ['pm:send', { toPlayerId: 'x', message: 'y'.repeat(401) }],
      ];
      for (const [event, data] of bad) {
        await expect(ivan.client.request(event, data as never)).rejects.toMatchObject({
          code: 'invalid_payload',
        });
      }
      await expect(ivan.client.request('friends:remove', { playerId: ivan.id })).rejects.toMatchObject({
        code: 'not_friends',
      });
      await expect(ivan.client.request('friends:request', { name: ivan.name })).rejects.toMatchObject({
        code: 'cannot_target_self',
      });
    } finally {
      await ivan.client.close();
    }
  });

  it('serves the lists over REST with presence', async () => {
    const jane = await join();
    const kurt = await join();
    try {
      await befriend(jane, kurt);
      const res = await fetch(`${live.server.url}/api/player/${jane.id}/friends`, {
        headers: { authorization: `Bearer ${jane.client.token}` },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        characterId: jane.id,
        friends: [{ id: kurt.id, name: kurt.name, online: true, world: 1 }],
        incoming: [],
        outgoing: [],
      });
    } finally {
      await jane.client.close();
      await kurt.client.close();
    }
  });
});
