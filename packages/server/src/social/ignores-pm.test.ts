import { CHAT_MAX_LENGTH, IGNORED_MAX, PM_MAX_PER_WINDOW, PM_WINDOW_MS } from '@tilerealm/protocol';
import { describe, expect, it } from 'vitest';
import { payloadsOf, useSocialKit } from './test-setup';

describe('social service: ignore lists and private messages (real database)', () => {
  const k = useSocialKit();

  it('ignoring ends the friendship and requests both ways, for the whole account and the world', async () => {
    const { kit } = k;
    const main = await kit.character('Main');
    const alt = await kit.character('Alt', { accountId: main.accountId });
    const pest = await kit.character('Pest');
    await kit.repos.social.addFriendship(main.id, pest.id);
    await kit.repos.social.addFriendRequest(pest.id, main.id);
    await kit.repos.social.addFriendRequest(alt.id, pest.id);
    kit.commands.length = 0;

    const added = await kit.ask(main, { event: 'ignore:add', data: { name: 'PEST' } });
    expect(added.reply).toMatchObject({
      ok: true,
      result: { playerId: pest.id, name: 'Pest', friendshipEnded: true, requestsRemoved: 1 },
    });
    expect(await kit.repos.social.areFriends(main.id, pest.id)).toBe(false);
    expect(await kit.repos.social.hasFriendRequest(pest.id, main.id)).toBe(false);
    // Only the two characters' own rows go: the alt's request stays (the ignore still blocks it).
    expect(await kit.repos.social.hasFriendRequest(alt.id, pest.id)).toBe(true);
    expect(payloadsOf(added.sent, 'social:state')[0]).toMatchObject({
      friends: [],
      incoming: [],
      ignored: [{ id: pest.id, name: 'Pest' }],
    });
    // Every character of the account shows the list; the world filters chat and trades by it.
    expect(kit.link.takeOf(alt.id, 'social:state')[0]?.ignored).toEqual([{ id: pest.id, name: 'Pest' }]);
    expect(kit.link.takeOf(pest.id, 'social:state')[0]?.friends).toEqual([]);
    expect(kit.commands).toEqual(
      expect.arrayContaining([
        { type: 'ignores', playerId: main.id, ignored: [pest.id] },
        { type: 'ignores', playerId: alt.id, ignored: [pest.id] },
      ]),
    );
    expect(kit.commands).toHaveLength(2);

    expect((await kit.ask(alt, { event: 'ignore:add', data: { name: 'Pest' } })).reply).toMatchObject({
      ok: false,
      code: 'already_ignored',
    });
    expect((await kit.ask(alt, { event: 'ignore:add', data: { name: 'Alt' } })).reply).toMatchObject({
      ok: false,
      code: 'cannot_target_self',
    });
    expect((await kit.ask(alt, { event: 'ignore:add', data: { name: 'Ghost' } })).reply).toMatchObject({
      ok: false,
      code: 'player_not_found',
    });

    kit.commands.length = 0;
    const removed = await kit.ask(alt, { event: 'ignore:remove', data: { playerId: pest.id } });
    expect(removed.reply).toMatchObject({ ok: true, result: { playerId: pest.id } });
    expect(kit.commands).toEqual(
      expect.arrayContaining([{ type: 'ignores', playerId: main.id, ignored: [] }]),
    );
    expect(kit.link.takeOf(main.id, 'social:state')[0]?.ignored).toEqual([]);
    expect((await kit.ask(alt, { event: 'ignore:remove', data: { playerId: pest.id } })).reply).toMatchObject(
      {
        ok: false,
        code: 'not_ignored',
      },
    );
  });

  it(`holds at most ${IGNORED_MAX} ignored players per account`, async () => {
    const { kit } = k;
    const grump = await kit.character('Grump');
    const others = await kit.repos.users.createAnonymous();
    for (let i = 0; i < IGNORED_MAX; i++) {
      const made = await kit.repos.characters.create({ accountId: others.id, name: `Noisy${i}` });
      if (!made.ok) throw new Error('filler character not created');
      await kit.repos.social.ignore(grump.accountId, made.character.id);
    }
    await kit.character('OneMore');
    const full = await kit.ask(grump, { event: 'ignore:add', data: { name: 'OneMore' } });
    expect(full.reply).toMatchObject({ ok: false, code: 'ignore_list_full' });
    expect(await kit.repos.social.countIgnored(grump.accountId)).toBe(IGNORED_MAX);
  });

  it('delivers a private message to an online friend, cleaned like public chat', async () => {
    const { kit } = k;
    const pia = await kit.character('Pia');
    const quin = await kit.character('Quin');
    await kit.repos.social.addFriendship(pia.id, quin.id);
    const long = 'x'.repeat(CHAT_MAX_LENGTH + 50);

    const sent = await kit.ask(pia, {
      event: 'pm:send',
      data: { toPlayerId: quin.id, message: ' hi\u0000\u202e  there ' },
    });
    expect(sent.reply).toMatchObject({
      ok: true,
      result: { toPlayerId: quin.id, name: 'Quin', message: 'hi there' },
    });
    expect(kit.link.takeOf(quin.id, 'pm:message')).toEqual([
      { from: { id: pia.id, name: 'Pia' }, message: 'hi there' },
    ]);

    await kit.ask(pia, { event: 'pm:send', data: { toPlayerId: quin.id, message: long } });
    expect(kit.link.takeOf(quin.id, 'pm:message')[0]?.message).toHaveLength(CHAT_MAX_LENGTH);

    const empty = await kit.ask(pia, {
      event: 'pm:send',
      data: { toPlayerId: quin.id, message: '\u0000\u200b' },
    });
    expect(empty.reply).toMatchObject({ ok: false, code: 'chat_empty' });
    const self = await kit.ask(pia, { event: 'pm:send', data: { toPlayerId: pia.id, message: 'me' } });
    expect(self.reply).toMatchObject({ ok: false, code: 'cannot_target_self' });
  });

  it('refuses messages to strangers, offline friends and those who ignore the sender', async () => {
    const { kit } = k;
    const rex = await kit.character('Rex');
    const sue = await kit.character('Sue');
    const tom = await kit.character('Tom');
    const pm = async (toPlayerId: string) =>
      (await kit.ask(rex, { event: 'pm:send', data: { toPlayerId, message: 'hello' } })).reply;

    expect(await pm(sue.id)).toMatchObject({ ok: false, code: 'not_friends' });
    expect(await pm('no-such-character')).toMatchObject({ ok: false, code: 'player_not_found' });

    await kit.repos.social.addFriendship(rex.id, sue.id);
    kit.link.online.delete(sue.id);
    expect(await pm(sue.id)).toMatchObject({ ok: false, code: 'player_offline' });
    // A dropped connection within the grace period is still online but cannot be reached.
    kit.link.online.add(sue.id);
    kit.link.dropped.add(sue.id);
    expect(await pm(sue.id)).toMatchObject({ ok: false, code: 'player_offline' });

    // Another character of Tom's account ignores Rex: the account ignores him, so Tom does too.
    await kit.repos.social.addFriendship(rex.id, tom.id);
    const tomAlt = await kit.character('TomAlt', { accountId: tom.accountId });
    await kit.ask(tomAlt, { event: 'ignore:add', data: { name: 'Rex' } });
    kit.link.take(tom.id); // the account's new list
    kit.link.online.delete(tom.id); // the refusal must not reveal that Tom is offline
    expect(await pm(tom.id)).toMatchObject({ ok: false, code: 'player_unavailable' });
    expect(kit.link.take(tom.id)).toEqual([]);
  });

  it(`limits private messages to ${PM_MAX_PER_WINDOW} every ${PM_WINDOW_MS / 1000} seconds per sender`, async () => {
    const { kit } = k;
    const uma = await kit.character('Uma');
    const vic = await kit.character('Vic');
    await kit.repos.social.addFriendship(uma.id, vic.id);
    const pm = async () =>
      (await kit.ask(uma, { event: 'pm:send', data: { toPlayerId: vic.id, message: 'spam' } })).reply;

    for (let i = 0; i < PM_MAX_PER_WINDOW; i++) expect(await pm()).toMatchObject({ ok: true });
    expect(await pm()).toMatchObject({ ok: false, code: 'pm_rate_limited' });
    expect(kit.link.takeOf(vic.id, 'pm:message')).toHaveLength(PM_MAX_PER_WINDOW);
    // Vic is not limited by Uma's messages.
    const back = await kit.ask(vic, { event: 'pm:send', data: { toPlayerId: uma.id, message: 'stop' } });
    expect(back.reply).toMatchObject({ ok: true });

    kit.clock.now += PM_WINDOW_MS;
    expect(await pm()).toMatchObject({ ok: true });
  });

  it('answers a request from a character that no longer exists with an error', async () => {
    const { kit } = k;
    const ghost = { id: 'deleted-character', accountId: 'none', name: 'Ghost' };
    const reply = await kit.ask(ghost, { event: 'friends:remove', data: { playerId: 'x' } });
    expect(reply.reply).toMatchObject({ ok: false, code: 'player_not_found', rid: 1 });
  });
});
