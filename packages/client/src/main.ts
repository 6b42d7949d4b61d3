import { loadContent, type Content } from './content';
import { mountDashboard } from './dashboard';
import { h } from './dom';
import { currentEnv } from './env';
import { mountGame } from './game/game-page';
import type { GameStore } from './game/store';
import { restoreSession, type Session } from './session';
import { mountCharacters, mountSignIn } from './signin';

/**
 * The single-page app: `#/` sign-in and characters, `#/play/<characterId>` the game,
 * `#/agents` the agent dashboard. Every screen needs a session; without one the sign-in shows first.
 */
const env = currentEnv();
const root = document.getElementById('app') ?? document.body;
let session: Session | undefined;
let content: Content | undefined;
let leave: (() => void | Promise<void>) | undefined;

async function route(): Promise<void> {
  const previous = leave;
  leave = undefined;
  await previous?.();
  session ??= await restoreSession(env).catch((err: unknown) => {
    console.warn('the saved session could not be restored: signing in again', err);
    return undefined;
  });
  if (!session) {
    mountSignIn(root, env, (s) => {
      session = s;
      void route();
    });
    return;
  }
  const active = session;
  const hash = window.location.hash;
  if (hash.startsWith('#/agents')) {
    leave = mountDashboard(root, active);
    return;
  }
  const play = /^#\/play\/([A-Za-z0-9_-]+)/.exec(hash);
  if (play?.[1]) {
    root.replaceChildren(h('div', { class: 'card' }, 'Entering the world...'));
    try {
      content ??= await loadContent(env.apiUrl);
      const game = await mountGame(root, active, content, play[1]);
      window.__game = game.store;
      leave = () => game.dispose();
    } catch (err) {
      root.replaceChildren(
        h(
          'div',
          { class: 'card' },
          h(
            'p',
            { class: 'error' },
            `Could not enter the world: ${err instanceof Error ? err.message : String(err)}`,
          ),
          h('a', { href: '#/characters' }, 'Back'),
        ),
      );
    }
    return;
  }
  await mountCharacters(
    root,
    active,
    (c) => {
      window.location.hash = `#/play/${c.id}`;
    },
    () => {
      active.signOut();
      session = undefined;
    },
  );
}

declare global {
  interface Window {
    /** The running game's store, for debugging in the console and for the browser tests. */
    __game?: GameStore;
  }
}

window.addEventListener('hashchange', () => void route());
void route();
