import { CLOSE_CODES } from '@tilerealm/protocol';
import { GameClient } from '@tilerealm/sdk';
import type { Content } from '../content';
import { h } from '../dom';
import type { Session } from '../session';
import { createContextMenu } from '../ui/context-menu';
import { mountFeedback } from '../ui/feedback';
import { mountInterfaces } from '../ui/interfaces';
import { mountPanels } from '../ui/panels';
import { mountMusic } from './music';
import { mountWorldView } from './render/world-view';
import { GameStore } from './store';
import { configureItemIcons } from '../items/icons';

/**
 * The game screen: the 3D world view with the interfaces (bank, shop, trade, dialogue) over it,
 * the minimap and status orbs, the side panels, the chat box and the music control. Connects the
 * SDK client for `characterId` with the session's token on the chosen world's address (`takeover`
 * logs the character out of the world holding it first); resolves once the player is in the world.
 * The session renews the token (the client gets each new one for its reconnects); a 4001 refusal
 * ends the session.
 */
export async function mountGame(
  root: HTMLElement,
  session: Session,
  content: Content,
  characterId: string,
  target: { url: string; world: number | undefined; takeover: boolean },
): Promise<{ store: GameStore; dispose(): Promise<void> }> {
  configureItemIcons(session.env.cdnUrl);
  const store = new GameStore(content, session);
  const client = await GameClient.connect({
    url: target.url,
    world: target.world,
    takeover: target.takeover,
    token: session.token,
    characterId,
    beforeConnect: (c) => store.attach(c),
    tokenRefresh: false,
  });
  const offToken = session.onTokenChange((token) => client.setToken(token));
  // The first player:sync may still be on its way after the welcome.
  if (!store.world.player) await client.waitFor('player:sync', undefined, 10_000);

  const viewport = h('div', { class: 'viewport', 'data-testid': 'viewport' });
  const overlay = h('div', { class: 'overlay' });
  const status = h('div', { class: 'status' });
  const minimap = h('div', { class: 'minimap' });
  const sidebar = h('div', { class: 'sidebar' });
  const chat = h('div', { class: 'chatbox' });
  const music = h('div', { class: 'music' });
  const feedback = h('div', { class: 'feedback-layer' });
  const topbar = h(
    'div',
    { class: 'topbar' },
    h('span', { class: 'brand' }, 'tilerealm'),
    h('span', { class: 'who', 'data-testid': 'player-name' }, store.world.player?.name ?? ''),
    music,
    h('a', { href: '#/agents', class: 'link' }, 'Agents'),
    h('a', { href: '#/hiscores', class: 'link', 'data-testid': 'topbar-hiscores' }, 'Hiscores'),
    h('a', { href: '#/characters', class: 'link' }, 'Characters'),
  );
  const screen = h(
    'div',
    { class: 'game' },
    topbar,
    h('div', { class: 'main' }, viewport, feedback, overlay, status, minimap),
    sidebar,
    chat,
  );
  root.replaceChildren(screen);
  const ui = createContextMenu(document.body);

  const disposers: (() => void)[] = [];
  disposers.push(mountWorldView(viewport, store, ui).dispose);
  disposers.push(mountPanels({ sidebar, chat, minimap, status }, store, ui));
  disposers.push(mountInterfaces(overlay, store, ui));
  disposers.push(mountMusic(music, store));
  disposers.push(mountFeedback(feedback, store));
  disposers.push(ui.dispose);

  const onLifecycle = client.lifecycle.on('disconnected', (info) => {
    if (!info.byClient) store.log({ channel: 'error', text: `Disconnected: ${info.reason || info.code}` });
    if (info.code === CLOSE_CODES.unauthorized) session.reject();
  });
  const onReconnect = client.lifecycle.on('reconnecting', () =>
    store.log({ channel: 'system', text: 'Connection lost, reconnecting...' }),
  );
  store.log({
    channel: 'system',
    text: `Welcome to tilerealm, ${store.world.player?.name ?? 'adventurer'}.`,
  });

  return {
    store,
    async dispose() {
      offToken();
      onLifecycle();
      onReconnect();
      for (const d of disposers.reverse()) d();
      await client.close();
      root.replaceChildren();
    },
  };
}
