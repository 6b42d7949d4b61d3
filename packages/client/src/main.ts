// First: configures zod before any module builds a schema (see zod-config.ts).
import './zod-config';
import { CLOSE_CODES } from '@tilerealm/protocol';
import { ConnectionClosedError } from '@tilerealm/sdk';
import { loadContent, type Content } from './content';
import { mountDashboard } from './dashboard';
import { h } from './dom';
import { mountHiscores } from './hiscores';
import { currentEnv } from './env';
import { mountGame } from './game/game-page';
import type { GameStore } from './game/store';
import {
  browserSessionDeps,
  rejectionNotice,
  restoreSession,
  takeTokenFromFragment,
  type Session,
} from './session';
import { mountCharacters, mountSignIn, mountUnreachable } from './signin';
import { refusalOf } from './worlds/world-list';
import { chosenWorld, mountRefusal } from './worlds/world-switcher';

/**
 * The single-page app: `#/` sign-in and characters, `#/play/<characterId>` the game,
 * `#/agents` the agent dashboard, `#/hiscores` the hiscores. Every screen but the hiscores needs a
 * session; without one the sign-in shows first.
 * A session the server refuses (expired or invalid) ends: the sign-in shows with a notice saying
 * so, and a new identity is made only when the player asks for one.
 */
const env = currentEnv();
const root = document.getElementById('app') ?? document.body;
let session: Session | undefined;
/** Why the sign-in shows again (the last session was refused), until the player signs in. */
let notice: string | undefined;
let stopSession: (() => void) | undefined;
let content: Content | undefined;
let leave: (() => void | Promise<void>) | undefined;

/** Makes `s` the session: renewed hourly, and ended (back to the sign-in) when the server refuses it. */
function adopt(s: Session): void {
  stopSession?.();
  session = s;
  notice = undefined;
  const stopFresh = s.keepFresh();
  const offRejected = s.onRejected((reason) => {
    if (session !== s) return;
    stopSession?.();
    session = undefined;
    notice = rejectionNotice(reason, env.authMode);
    void route();
  });
  stopSession = () => {
    stopFresh();
    offRejected();
    stopSession = undefined;
  };
}

async function route(): Promise<void> {
  const previous = leave;
  leave = undefined;
  await previous?.();
  if (!session) {
    const restored = await restoreSession(env, browserSessionDeps(), takeTokenFromFragment()).catch(
      // e.g. storage denied by the browser: nothing was changed, so a retry is safe
      (err: unknown) => ({
        kind: 'unreachable' as const,
        message: err instanceof Error ? err.message : String(err),
      }),
    );
    if (restored.kind === 'unreachable') {
      mountUnreachable(root, restored.message, () => void route());
      return;
    }
    if (restored.kind === 'rejected') notice = rejectionNotice(restored.reason, env.authMode);
    if (restored.kind === 'signed-in') adopt(restored.session);
  }
  if (window.location.hash.startsWith('#/hiscores')) {
    // Public: shown signed in or not; a signed-in player's characters are highlighted.
    const names = session
      ? session.characters().then((list) => list.map((c) => c.name))
      : Promise.resolve([]);
    leave = mountHiscores(root, env, names);
    return;
  }
  if (!session) {
    mountSignIn(
      root,
      env,
      (s) => {
        adopt(s);
        void route();
      },
      notice,
    );
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
    await enter(active, play[1], false);
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
      stopSession?.();
      session = undefined;
    },
  );
}

/**
 * The game for `characterId` on the chosen world (see worlds/). A world that refuses the login
 * says why: logged in on another world (with "Log out there and play here", which enters again
 * with `takeover`), full, or the player's address over its limits (connections or logins).
 */
async function enter(active: Session, characterId: string, takeover: boolean): Promise<void> {
  root.replaceChildren(h('div', { class: 'card' }, 'Entering the world...'));
  try {
    content ??= await loadContent(env.apiUrl);
    const target = await chosenWorld(env, window.localStorage);
    const game = await mountGame(root, active, content, characterId, { ...target, takeover });
    window.__game = game.store;
    leave = () => game.dispose();
  } catch (err) {
    // The WebSocket refused the token (4001): the session is over (see adopt).
    if (err instanceof ConnectionClosedError && err.code === CLOSE_CODES.unauthorized) {
      active.reject();
      return;
    }
    const refusal = refusalOf(err);
    if (refusal) {
      mountRefusal(root, refusal, () => void enter(active, characterId, true));
      return;
    }
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
}

declare global {
  interface Window {
    /** The running game's store, for debugging in the console and for the browser tests. */
    __game?: GameStore;
  }
}

window.addEventListener('hashchange', () => void route());
void route();
