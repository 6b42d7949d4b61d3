import { CLOSE_CODES } from '@tilerealm/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayStack, STACK_ADMIN_CODE, type GatewayStack } from './gateway-stack';
import { rawClient, type RawClient, type RawMessage } from './raw-client';

let stack: GatewayStack;
beforeAll(async () => {
  stack = await gatewayStack({ listen: { port: 0, host: '127.0.0.1' } });
}, 60_000);
afterAll(() => stack?.close());

/** How many `event` requests of the player the gateway has handed to the world. */
const handed = (playerId: string, event: string): number =>
  stack.enqueued.filter((c) => c.type === 'client' && c.playerId === playerId && c.message.event === event)
    .length;

async function joined(): Promise<{ client: RawClient; id: string; token: string }> {
  const client = await rawClient(stack.url);
  const id = String(client.welcome['playerId']);
  await stack.until(() => stack.enqueued.some((c) => c.type === 'login' && c.record.id === id), 'the login');
  stack.tick();
  return { client, id, token: String(client.welcome['token']) };
}

/** The rid a message answers: the envelope's, or the one inside an error's payload. */
const ridOf = (m: RawMessage): unknown => m.rid ?? m.data['rid'];

describe('one frame per player per tick', () => {
  it('holds everything since the last tick, errors for bad frames included, for the next frame', async () => {
    const { client, id } = await joined();
    await client.waitFor('player:sync');
    const before = client.frames.length;
    client.ws.send('this is not json');
    for (let i = 1; i <= 5; i++) client.send('ping', { t: i }, i);
    await stack.until(() => handed(id, 'ping') === 5, 'the pings');
    stack.tick();
    await client.waitFor('pong', (m) => m.rid === 5);
    const frames = client.frames.slice(before);
    expect(frames).toHaveLength(1);
    const events = (frames[0] ?? []).map((m) => m.event);
    expect(events.filter((e) => e === 'pong')).toHaveLength(5);
    // The bad frame's error was queued when it arrived, before the pongs of the next tick (the
    // session's social:state may come first: it is read from the database as the session starts).
    const errorAt = events.indexOf('error');
    expect(frames[0]?.[errorAt]).toMatchObject({ event: 'error', data: { code: 'bad_frame' } });
    expect(errorAt).toBeLessThan(events.indexOf('pong'));
    expect((frames[0] ?? []).filter((m) => m.event === 'pong').map((m) => m.rid)).toEqual([1, 2, 3, 4, 5]);
    client.ws.close();
  });
});

describe('a takeover', () => {
  it("never hands the new session an answer to the old session's requests, nor its admin rights", async () => {
    const { client: old, id, token } = await joined();
    const sync = await old.waitFor('player:sync');
    const player = sync.data['player'] as { inventory: Array<{ slot: number }> };
    const slot = player.inventory[0]?.slot;
    expect(slot).toBeDefined();

    // The old session becomes admin, drops an item and walks away from it.
    old.send('player:chat', { message: `/admin ${STACK_ADMIN_CODE}` }, 'adm');
    old.send('inventory:drop', { slot }, 'drop');
    old.send('player:move', { x: 3, z: 1 }, 'walk');
    await stack.until(() => handed(id, 'player:move') === 1, 'the walk');
    stack.tick();
    const dropped = await old.waitFor('ack', (m) => m.rid === 'drop');
    await old.waitFor('ack', (m) => m.rid === 'adm');
    const { groundItemId, itemId } = dropped.data['result'] as { groundItemId: string; itemId: string };
    const me = () => stack.host.world.players.get(id);
    const held = me()?.inventory.count(itemId) ?? 0;
    for (let i = 0; i < 10 && !(me()?.x === 3 && me()?.z === 1); i++) stack.tick();
    expect(me()).toMatchObject({ x: 3, z: 1, isAdmin: true });

    // Requests the old session will not see answered: a pickup answered on arrival (after a walk
    // back), a social request whose answer is held, and a ping the world has not answered yet.
    old.send('player:action', { action: 'pickup', groundItemId }, 1);
    await stack.until(() => handed(id, 'player:action') === 1, 'the pickup');
    stack.tick(); // the walk back starts; the answer waits for the arrival
    const release = stack.holdSocial();
    old.send('friends:request', { name: 'Nobody Here' }, 2);
    old.send('ping', {}, 3);
    await stack.until(() => handed(id, 'ping') === 1, 'the old ping');

    const next = await rawClient(stack.url, token);
    expect(await old.closed).toBe(CLOSE_CODES.replaced);
    expect(next.welcome).toMatchObject({ playerId: id, resumed: true });
    // The new session picks rids of its own, some equal to the old one's.
    next.send('ping', {}, 3);
    next.send('player:chat', { message: '/tele 10 10' }, 4);
    next.send('friends:request', { name: 'Also Nobody' }, 5);
    await stack.until(() => handed(id, 'ping') === 2 && handed(id, 'player:chat') === 1, 'the new requests');
    release();
    // Social answers go out with the next frame: tick until the new session's has come.
    await stack.until(() => {
      stack.tick();
      return next.messages.some((m) => m.rid === 5);
    }, "the new session's social answer");
    for (let i = 0; i < 10 && me()?.inventory.count(itemId) === held; i++) stack.tick();
    stack.tick();
    await next.waitFor('inventory:update');
    expect(me()?.inventory.count(itemId)).toBeGreaterThan(held); // the pickup did happen, on arrival

    const answers = next.messages.filter((m) => ridOf(m) !== undefined);
    expect(answers.map((m) => [m.event, ridOf(m)])).toEqual(
      expect.arrayContaining([
        ['pong', 3],
        ['error', 4],
        ['error', 5],
      ]),
    );
    expect(answers).toHaveLength(3);
    expect(answers.find((m) => m.rid === 4)?.data).toMatchObject({ code: 'not_admin', rid: 4 });
    expect(answers.find((m) => m.rid === 5)?.data).toMatchObject({ code: 'player_not_found', rid: 5 });
    expect(me()).toMatchObject({ isAdmin: false });
    expect(old.messages.some((m) => [1, 2, 3].includes(Number(ridOf(m))))).toBe(false);
    next.ws.close();
  });
});
