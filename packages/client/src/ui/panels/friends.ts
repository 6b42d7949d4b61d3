import type { ServerPayload } from '@tilerealm/protocol';
import { CHAT_MAX_LENGTH } from '@tilerealm/protocol';
import { h, replaceChildren } from '../../dom';
import type { GameStore } from '../../game/store';
import { Disposers } from './shared';

type Social = ServerPayload<'social:state'>;

const NAME_PATTERN = /^[A-Za-z0-9]+(?:[ _-][A-Za-z0-9]+)*$/;

/** The social lists as last received, with presence changes applied. */
export function socialState(store: GameStore): Social {
  return store.last['social:state'] ?? { friends: [], incoming: [], outgoing: [], ignored: [] };
}

/** Sends a private message and echoes it in the chat box ("To Name: text"). */
export async function sendPm(
  store: GameStore,
  to: { id: string; name: string },
  message: string,
): Promise<boolean> {
  const ack = await store.act('pm:send', { toPlayerId: to.id, message });
  if (!ack) return false;
  const delivered = ack.result?.['message'];
  store.log({
    channel: 'private_out',
    from: to.name,
    text: typeof delivered === 'string' ? delivered : message,
  });
  return true;
}

/**
 * The friends tab: friends (online / world), requests received (accept / decline) and sent
 * (cancel), the ignore list; add a friend or ignore someone by name; "Message" opens a private
 * message input under the friend.
 */
export function mountFriends(root: HTMLElement, store: GameStore): () => void {
  const d = new Disposers();
  const input = h('input', {
    class: 'friend-name',
    'data-testid': 'friend-name-input',
    placeholder: 'Name',
    maxlength: 12,
    autocomplete: 'off',
  });
  const add = h('button', { 'data-testid': 'friend-add', title: 'Send a friend request' }, 'Add friend');
  const ignore = h('button', { 'data-testid': 'ignore-add', title: 'Ignore this player' }, 'Ignore');
  const list = h('div', { class: 'friends-list', 'data-testid': 'friends-list' });
  root.append(
    h('div', { class: 'panel-friends' }, h('div', { class: 'friend-form' }, input, add, ignore), list),
  );
  let pmTo: string | undefined;
  let pmDraft = '';
  let focusPm = false;

  const nameFromInput = (): string | undefined => {
    const name = input.value.trim();
    if (!name) return undefined;
    if (!NAME_PATTERN.test(name) || name.length > 12) {
      store.log({ channel: 'error', text: `"${name}" is not a valid character name.` });
      return undefined;
    }
    return name;
  };

  const requestFriend = async (): Promise<void> => {
    const name = nameFromInput();
    if (!name) return;
    const ack = await store.act('friends:request', { name });
    if (!ack) return;
    input.value = '';
    const status = ack.result?.['status'];
    store.log({
      channel: 'game',
      text: status === 'accepted' ? `You are now friends with ${name}.` : `Friend request sent to ${name}.`,
    });
  };
  const ignoreName = async (): Promise<void> => {
    const name = nameFromInput();
    if (!name) return;
    if (await store.act('ignore:add', { name })) {
      input.value = '';
      store.log({ channel: 'game', text: `${name} is now on your ignore list.` });
    }
  };

  const section = (title: string, rows: Node[]): Node[] =>
    rows.length === 0 ? [] : [h('h4', { class: 'friends-heading' }, title), ...rows];

  const render = (): void => {
    const s = socialState(store);
    const friends = [...s.friends].sort(
      (a, b) => Number(b.online) - Number(a.online) || a.name.localeCompare(b.name),
    );
    const friendRows = friends.map((f) => {
      const row = h(
        'div',
        {
          class: `friend ${f.online ? 'online' : 'offline'}`,
          'data-friend': f.id,
          'data-testid': `friend-${f.name}`,
        },
        h(
          'div',
          { class: 'friend-line' },
          h('span', { class: 'friend-who' }, f.name),
          h('span', { class: 'friend-world' }, f.online ? `World ${f.world ?? 1}` : 'Offline'),
          h('button', { class: 'small', 'data-act': 'pm', 'data-id': f.id, disabled: !f.online }, 'Message'),
          h('button', { class: 'small', 'data-act': 'remove', 'data-id': f.id, title: 'Remove friend' }, 'x'),
        ),
      );
      if (pmTo === f.id) {
        const pmInput = h('input', {
          class: 'pm-input',
          'data-testid': 'pm-input',
          placeholder: `Message ${f.name}`,
          maxlength: CHAT_MAX_LENGTH,
        });
        pmInput.value = pmDraft;
        pmInput.addEventListener('input', () => {
          pmDraft = pmInput.value;
        });
        pmInput.addEventListener('keydown', (e) => {
          if (e.key === 'Escape') {
            pmTo = undefined;
            render();
          }
          if (e.key !== 'Enter') return;
          const text = pmInput.value.trim();
          if (!text) return;
          pmInput.value = '';
          pmDraft = '';
          void sendPm(store, f, text);
        });
        row.append(pmInput);
        if (focusPm) {
          focusPm = false;
          queueMicrotask(() => pmInput.focus());
        }
      }
      return row;
    });
    const incoming = s.incoming.map((r) =>
      h(
        'div',
        { class: 'friend request', 'data-testid': `friend-request-${r.name}` },
        h('span', { class: 'friend-who' }, r.name),
        h('button', { class: 'small', 'data-act': 'accept', 'data-id': r.id }, 'Accept'),
        h('button', { class: 'small', 'data-act': 'decline', 'data-id': r.id }, 'Decline'),
      ),
    );
    const outgoing = s.outgoing.map((r) =>
      h(
        'div',
        { class: 'friend pending', 'data-testid': `friend-pending-${r.name}` },
        h('span', { class: 'friend-who' }, r.name),
        h('span', { class: 'friend-world' }, 'Pending'),
        h('button', { class: 'small', 'data-act': 'cancel', 'data-id': r.id }, 'Cancel'),
      ),
    );
    const ignored = s.ignored.map((r) =>
      h(
        'div',
        { class: 'friend ignored', 'data-testid': `ignored-${r.name}` },
        h('span', { class: 'friend-who' }, r.name),
        h('button', { class: 'small', 'data-act': 'unignore', 'data-id': r.id }, 'Unignore'),
      ),
    );
    replaceChildren(
      list,
      ...section(`Friends (${friends.length})`, friendRows),
      ...(friends.length === 0
        ? [h('div', { class: 'muted' }, 'No friends yet: add one by name above.')]
        : []),
      ...section('Friend requests', incoming),
      ...section('Sent requests', outgoing),
      ...section('Ignored', ignored),
    );
  };

  d.listen(add, 'click', () => void requestFriend());
  d.listen(ignore, 'click', () => void ignoreName());
  d.listen(input, 'keydown', (e) => {
    if (e.key === 'Enter') void requestFriend();
  });
  d.listen(list, 'click', (e) => {
    const btn = (e.target as Element | null)?.closest('button[data-act]');
    const playerId = btn?.getAttribute('data-id');
    if (!btn || !playerId) return;
    switch (btn.getAttribute('data-act')) {
      case 'pm':
        pmTo = pmTo === playerId ? undefined : playerId;
        pmDraft = '';
        focusPm = pmTo !== undefined;
        render();
        break;
      case 'remove':
        void store.act('friends:remove', { playerId });
        break;
      case 'accept':
        void store.act('friends:respond', { playerId, accept: true });
        break;
      case 'decline':
        void store.act('friends:respond', { playerId, accept: false });
        break;
      case 'cancel':
        void store.act('friends:cancel', { playerId });
        break;
      case 'unignore':
        void store.act('ignore:remove', { playerId });
        break;
    }
  });

  d.add(store.on('social:state', render));
  d.add(
    store.on('friends:presence', (p) => {
      const s = store.last['social:state'];
      const f = s?.friends.find((x) => x.id === p.playerId);
      if (f) Object.assign(f, { online: p.online, world: p.world });
      store.log({ channel: 'game', text: `${p.name} has logged ${p.online ? 'in' : 'out'}.` });
      render();
    }),
  );
  d.add(
    store.on('friends:requestReceived', (r) =>
      store.log({ channel: 'game', text: `${r.from.name} wants to be your friend (see the Friends tab).` }),
    ),
  );
  render();
  return () => d.dispose();
}
