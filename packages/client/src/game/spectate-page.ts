import { GameClient } from '@tilerealm/sdk';
import type { Content } from '../content';
import { h } from '../dom';
import type { Session } from '../session';
import { createContextMenu } from '../ui/context-menu';
import { configureItemIcons } from '../items/icons';
import { mountWorldView } from './render/world-view';
import { GameStore } from './store';
import './spectate.css';

/** A mounted spectator view; `dispose` closes its session and removes it. */
export interface SpectatorView {
  store: GameStore;
  dispose(): Promise<void>;
}

/**
 * The game renderer in spectator mode (docs/decisions/0020-agent-watch-view.md): a read-only
 * spectate session (`/ws?spectate=<characterId>`) of one of the account's characters, drawn by the
 * world view with the camera on the watched character (the session's own player). It has no input:
 * clicks neither walk nor open menus (orbit and zoom still work), there is no chat box, side panel
 * or interface, and the store sends nothing. A banner says "Watching <name>" and whether the
 * character is in the world; the session follows it across its logouts and logins.
 */
export async function mountSpectator(
  root: HTMLElement,
  session: Session,
  content: Content,
  characterId: string,
  target: { url: string; world: number | undefined },
): Promise<SpectatorView> {
  configureItemIcons(session.env.cdnUrl);
  const store = new GameStore(content, session);
  store.spectating = true;
  const state = h('span', { class: 'muted', 'data-testid': 'spectate-state' }, 'connecting...');
  const client = await GameClient.connect({
    url: target.url,
    world: target.world,
    token: session.token,
    spectate: characterId,
    beforeConnect: (c) => {
      store.attach(c);
      c.on('spectate:status', (s) => {
        state.textContent = s.inWorld ? 'in the world' : 'not in the world right now: waiting for it';
        state.dataset.inWorld = String(s.inWorld);
      });
    },
    tokenRefresh: false,
  });
  const offToken = session.onTokenChange((token) => client.setToken(token));
  const name = client.welcome?.name ?? 'the character';
  const viewport = h('div', { class: 'viewport', 'data-testid': 'viewport' });
  const banner = h(
    'div',
    { class: 'topbar spectate-banner', 'data-testid': 'spectate-banner' },
    h('span', { class: 'brand' }, `Watching ${name}`),
    state,
    h('span', { class: 'muted' }, 'read-only: drag to turn the camera, wheel to zoom'),
  );
  const screen = h(
    'div',
    { class: 'game spectating', 'data-testid': 'spectate-view' },
    banner,
    h('div', { class: 'main' }, viewport),
  );
  root.replaceChildren(screen);
  const ui = createContextMenu(document.body);
  const view = mountWorldView(viewport, store, ui);
  const offLifecycle = client.lifecycle.on('disconnected', (info) => {
    if (!info.byClient) state.textContent = `disconnected: ${info.reason || String(info.code)}`;
  });
  return {
    store,
    async dispose() {
      offToken();
      offLifecycle();
      view.dispose();
      ui.dispose();
      await client.close();
      screen.remove();
    },
  };
}

declare global {
  interface Window {
    /** The dashboard's spectator store (watch view), for the browser tests. */
    __spectator?: GameStore;
  }
}
