import { FRIENDS_MAX } from '@tilerealm/protocol';
import { describe, expect, it } from 'vitest';
import { payloadsOf, useSocialKit } from './test-setup';

describe('social service: friends (real database)', () => {
  const k = useSocialKit();

  it('a request reaches the target; asking back makes them friends', async () => {
    const { kit } = k;
    const ann = await kit.character('Ann');
    const ben = await kit.character('Ben');

    const asked = await kit.ask(ann, { event: 'friends:request', data: { name: 'bEN' } });
    expect(asked.reply).toMatchObject({
      ok: true,
      event: 'friends:request',
      result: { status: 'requested', playerId: ben.id, name: 'Ben' },
    });
    // The sender's fresh lists come before the ack.
    expect(asked.sent.map((e) => e.event)).toEqual(['social:state', 'ack']);
    expect(payloadsOf(asked.sent, 'social:state')[0]).toMatchObject({
      outgoing: [{ id: ben.id, name: 'Ben' }],
      friends: [],
    });
    const toBen = kit.link.take(ben.id);
    expect(payloadsOf(toBen, 'friends:requestReceived')).toEqual([{ from: { id: ann.id, name: 'Ann' } }]);
    expect(payloadsOf(toBen, 'social:state')[0]).toMatchObject({ incoming: [{ id: ann.id, name: 'Ann' }] });

    const back = await kit.ask(ben, { event: 'friends:request', data: { name: 'Ann' } });
    expect(back.reply).toMatchObject({ ok: true, result: { status: 'accepted', playerId: ann.id } });
    expect(await kit.repos.social.areFriends(ann.id, ben.id)).toBe(true);
    expect(await kit.repos.social.listIncomingRequests(ben.id)).toEqual([]);
    expect(payloadsOf(back.sent, 'social:state')[0]).toEqual({
      friends: [{ id: ann.id, name: 'Ann', online: true, world: 1 }],
      incoming: [],
      outgoing: [],
      ignored: [],
    });
    expect(kit.link.takeOf(ann.id, 'social:state')[0]?.friends).toEqual([
      { id: ben.id, name: 'Ben', online: true, world: 1 },
    ]);
  });

  it('accepts, declines, withdraws and removes', async () => {
    const { kit } = k;
    const cat = await kit.character('Cat');
    const dan = await kit.character('Dan');
    const eve = await kit.character('Eve');

    await kit.ask(dan, { event: 'friends:request', data: { name: 'Cat' } });
    await kit.ask(eve, { event: 'friends:request', data: { name: 'Cat' } });
    expect(kit.link.takeOf(cat.id, 'friends:requestReceived')).toHaveLength(2);
    kit.link.online.delete(dan.id);

    const declined = await kit.ask(cat, {
      event: 'friends:respond',
      data: { playerId: eve.id, accept: false },
    });
    expect(declined.reply).toMatchObject({ ok: true, result: { playerId: eve.id, accepted: false } });
    expect(kit.link.takeOf(eve.id, 'social:state')[0]).toMatchObject({ outgoing: [], friends: [] });

    const accepted = await kit.ask(cat, {
      event: 'friends:respond',
      data: { playerId: dan.id, accept: true },
    });
    expect(accepted.reply).toMatchObject({
      ok: true,
      result: { playerId: dan.id, name: 'Dan', accepted: true },
    });
    expect(payloadsOf(accepted.sent, 'social:state')[0]?.friends).toEqual([
      { id: dan.id, name: 'Dan', online: false, world: null },
    ]);
    expect(await kit.repos.social.areFriends(cat.id, dan.id)).toBe(true);
    expect(kit.link.take(dan.id)).toEqual([]); // offline: nothing is sent
    kit.link.online.add(dan.id);

    const again = await kit.ask(cat, { event: 'friends:respond', data: { playerId: dan.id, accept: true } });
    expect(again.reply).toMatchObject({ ok: false, code: 'friend_request_not_found', rid: 1 });

    await kit.ask(eve, { event: 'friends:request', data: { name: 'Cat' } });
    const withdrawn = await kit.ask(eve, { event: 'friends:cancel', data: { playerId: cat.id } });
    expect(withdrawn.reply).toMatchObject({ ok: true, result: { playerId: cat.id } });
    expect(await kit.repos.social.listIncomingRequests(cat.id)).toEqual([]);
    const twice = await kit.ask(eve, { event: 'friends:cancel', data: { playerId: cat.id } });
    expect(twice.reply).toMatchObject({ ok: false, code: 'friend_request_not_found' });

    kit.link.take(cat.id);
    const removed = await kit.ask(dan, { event: 'friends:remove', data: { playerId: cat.id } });
    expect(removed.reply).toMatchObject({ ok: true });
    expect(kit.link.takeOf(cat.id, 'social:state')[0]?.friends).toEqual([]);
    const gone = await kit.ask(dan, { event: 'friends:remove', data: { playerId: cat.id } });
    expect(gone.reply).toMatchObject({ ok: false, code: 'not_friends' });
  });

  it('refuses requests that cannot be made, changing nothing', async () => {
    const { kit } = k;
    const fay = await kit.character('Fay');
    const gus = await kit.character('Gus');
    const ask = async (name: string) =>
      (await kit.ask(fay, { event: 'friends:request', data: { name } })).reply;

    expect(await ask('Fay')).toMatchObject({ ok: false, code: 'cannot_target_self' });
    expect(await ask('Nobody')).toMatchObject({ ok: false, code: 'player_not_found' });
    expect(await ask('Gus')).toMatchObject({ ok: true });
    expect(await ask('gus')).toMatchObject({ ok: false, code: 'friend_request_exists' });
    await kit.ask(gus, { event: 'friends:respond', data: { playerId: fay.id, accept: true } });
    expect(await ask('Gus')).toMatchObject({ ok: false, code: 'already_friends' });

    const hal = await kit.character('Hal');
    await kit.repos.social.ignore(hal.accountId, fay.id);
    expect(await ask('Hal')).toMatchObject({ ok: false, code: 'player_unavailable' });
    const ivy = await kit.character('Ivy');
    await kit.repos.social.ignore(fay.accountId, ivy.id);
    expect(await ask('Ivy')).toMatchObject({ ok: false, code: 'already_ignored' });
    expect(await kit.repos.social.listOutgoingRequests(fay.id)).toEqual([]);
    expect(kit.link.take(hal.id)).toEqual([]);
  });

  it(`counts friends and sent requests against the limit of ${FRIENDS_MAX}`, async () => {
    const { kit } = k;
    const max = await kit.character('Max');
    const filler = await kit.repos.users.createAnonymous();
    for (let i = 0; i < FRIENDS_MAX; i++) {
      const made = await kit.repos.characters.create({ accountId: filler.id, name: `Pal${i}` });
      if (!made.ok) throw new Error('filler character not created');
      if (i % 2 === 0) await kit.repos.social.addFriendship(max.id, made.character.id);
      else await kit.repos.social.addFriendRequest(max.id, made.character.id);
    }
    const newcomer = await kit.character('Newcomer');
    const full = await kit.ask(max, { event: 'friends:request', data: { name: 'Newcomer' } });
    expect(full.reply).toMatchObject({ ok: false, code: 'friends_list_full' });

    // Accepting also adds a friend, so it is refused too; the request stays for later.
    await kit.ask(newcomer, { event: 'friends:request', data: { name: 'Max' } });
    const accept = await kit.ask(max, {
      event: 'friends:respond',
      data: { playerId: newcomer.id, accept: true },
    });
    expect(accept.reply).toMatchObject({ ok: false, code: 'friends_list_full' });
    expect(await kit.repos.social.hasFriendRequest(newcomer.id, max.id)).toBe(true);

    // Withdrawing one request makes room.
    await kit.ask(max, {
      event: 'friends:cancel',
      data: { playerId: (await kit.repos.social.listOutgoingRequests(max.id))[0] ?? '' },
    });
    const room = await kit.ask(max, {
      event: 'friends:respond',
      data: { playerId: newcomer.id, accept: true },
    });
    expect(room.reply).toMatchObject({ ok: true });
    expect(await kit.repos.social.countFriendsAndOutgoing(max.id)).toBe(FRIENDS_MAX);
  });

  it('announces sessions to online friends; a resume is not announced', async () => {
    const { kit } = k;
    const jo = await kit.character('Jo', { online: false });
    const kim = await kit.character('Kim');
    const lee = await kit.character('Lee', { online: false });
    await kit.repos.social.addFriendship(jo.id, kim.id);
    await kit.repos.social.addFriendship(jo.id, lee.id);

    kit.link.online.add(jo.id);
    await kit.service.sessionStarted(jo, false);
    expect(kit.link.takeOf(jo.id, 'social:state')[0]?.friends).toEqual([
      { id: kim.id, name: 'Kim', online: true, world: 1 },
      { id: lee.id, name: 'Lee', online: false, world: null },
    ]);
    expect(kit.link.takeOf(kim.id, 'friends:presence')).toEqual([
      { playerId: jo.id, name: 'Jo', online: true, world: 1 },
    ]);
    expect(kit.link.take(lee.id)).toEqual([]);

    await kit.service.sessionStarted(jo, true);
    expect(kit.link.takeOf(jo.id, 'social:state')).toHaveLength(1);
    expect(kit.link.take(kim.id)).toEqual([]);

    kit.link.online.delete(jo.id);
    await kit.service.sessionEnded(jo.id);
    expect(kit.link.takeOf(kim.id, 'friends:presence')).toEqual([
      { playerId: jo.id, name: 'Jo', online: false, world: null },
    ]);
  });
});
