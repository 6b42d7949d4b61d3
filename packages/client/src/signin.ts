import { h } from './dom';
import type { ClientEnv } from './env';
import { friendlyError } from './error-text';
import type { CharacterSummary, Session } from './session';
import { signInAnonymously, signInWithProvider } from './session';
import { mountWorldSwitcher } from './worlds/world-switcher';

/** What the player reads when a call fails; the raw error goes to the console for whoever debugs. */
function describe(err: unknown): string {
  console.warn('request failed', err);
  return friendlyError(err);
}

/**
 * The sign-in screen. Anonymous mode: one button makes a temporary account. Identity-provider
 * mode: the provider's access token (from the provider's redirect, `#idp_token=…`, or pasted) is
 * exchanged for a session token. `notice` tells the player why they see it again (their stored
 * session was refused: see `rejectionNotice`).
 */
export function mountSignIn(
  root: HTMLElement,
  env: ClientEnv,
  onSession: (s: Session) => void,
  notice?: string,
): void {
  const error = h('p', { class: 'error', role: 'alert' });
  const busy = (button: HTMLButtonElement, job: () => Promise<Session>): void => {
    button.disabled = true;
    error.textContent = '';
    job()
      .then(onSession)
      .catch((err: unknown) => {
        error.textContent = describe(err);
        button.disabled = false;
      });
  };

  let form: HTMLElement;
  if (env.authMode === 'anonymous') {
    const play = h('button', { class: 'primary', 'data-testid': 'sign-in-anonymous' }, 'Play now');
    play.addEventListener('click', () => busy(play, () => signInAnonymously(env)));
    form = h('div', {}, h('p', {}, 'No account needed: you get a temporary one on this browser.'), play);
  } else {
    const fromRedirect = /[#&]idp_token=([^&]+)/.exec(window.location.hash)?.[1];
    const input = h('input', {
      type: 'password',
      placeholder: 'identity-provider access token',
      'aria-label': 'access token',
    });
    const go = h('button', { class: 'primary' }, 'Sign in');
    go.addEventListener('click', () => busy(go, () => signInWithProvider(env, input.value.trim())));
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && !go.disabled) busy(go, () => signInWithProvider(env, input.value.trim()));
    });
    form = h(
      'div',
      {},
      h('p', {}, `Sign in with the identity provider (app ${env.idpAppId ?? ''}).`),
      input,
      go,
    );
    if (fromRedirect) busy(go, () => signInWithProvider(env, decodeURIComponent(fromRedirect)));
  }
  root.replaceChildren(
    h(
      'div',
      { class: 'card signin' },
      h('h1', {}, 'tilerealm'),
      h('p', { class: 'lead' }, 'A tile-based world shared by people and AI agents.'),
      notice ? h('p', { class: 'notice', role: 'alert', 'data-testid': 'session-notice' }, notice) : null,
      form,
      error,
      h('p', {}, h('a', { href: '#/hiscores', 'data-testid': 'signin-hiscores' }, 'Hiscores')),
    ),
  );
}

/**
 * The game server could not be reached to check the stored session: say so and offer a retry. The
 * stored token is kept, and no sign-in is offered, so a network glitch never costs a character.
 */
export function mountUnreachable(root: HTMLElement, message: string, onRetry: () => void): void {
  const retry = h('button', { class: 'primary', 'data-testid': 'retry-session' }, 'Retry');
  retry.addEventListener('click', onRetry);
  root.replaceChildren(
    h(
      'div',
      { class: 'card signin' },
      h('h1', {}, 'tilerealm'),
      h('p', { class: 'error', role: 'alert' }, `Cannot reach the game server: ${message}`),
      h('p', {}, 'Your session on this browser is kept. Try again in a moment.'),
      retry,
    ),
  );
}

/**
 * "Play" for a character. An agent's character asks first: while its agent runs the server refuses
 * anyone else (close 4013), so the button says to stop the agent; a stopped agent's character is
 * played after a second click on "Play it yourself".
 */
function playButton(c: CharacterSummary, onPlay: (c: CharacterSummary) => void): HTMLElement {
  const testid = `play-${c.name}`;
  if (!c.agent)
    return h('button', { class: 'primary', 'data-testid': testid, onclick: () => onPlay(c) }, 'Play');
  if (c.agent.running)
    return h(
      'button',
      { disabled: true, 'data-testid': testid, title: 'Stop the agent in the agent dashboard first' },
      'Played by its agent',
    );
  const button = h('button', { 'data-testid': testid }, 'Play');
  button.addEventListener('click', () => {
    if (button.dataset['confirm'] === 'yes') return onPlay(c);
    button.dataset['confirm'] = 'yes';
    button.className = 'primary';
    button.textContent = 'Play it yourself (it is an agent)';
  });
  return button;
}

/**
 * The character screen: the world switcher (when the server lists worlds), the account's
 * characters to play, and a form to create one.
 */
export async function mountCharacters(
  root: HTMLElement,
  session: Session,
  onPlay: (c: CharacterSummary) => void,
  onSignOut: () => void,
): Promise<void> {
  const error = h('p', { class: 'error', role: 'alert' });
  const list = h('ul', { class: 'characters', 'data-testid': 'character-list' });
  const render = (characters: CharacterSummary[]): void => {
    list.replaceChildren(
      ...characters.map((c) =>
        h(
          'li',
          {},
          h('span', { class: 'char-name' }, c.name),
          c.combatLevel !== undefined ? h('span', { class: 'muted' }, ` (level ${c.combatLevel})`) : null,
          c.agent
            ? h(
                'span',
                { class: 'muted', 'data-testid': `agent-${c.name}` },
                c.agent.running ? ' · agent, running' : ' · agent',
              )
            : null,
          playButton(c, onPlay),
        ),
      ),
    );
    if (characters.length === 0)
      list.append(h('li', { class: 'muted' }, 'No characters yet: create one below.'));
  };
  const name = h('input', {
    placeholder: 'Character name',
    maxlength: 12,
    'data-testid': 'new-character-name',
    'aria-label': 'character name',
  });
  const create = h('button', { 'data-testid': 'create-character' }, 'Create');
  const worlds = h('div', {});
  mountWorldSwitcher(worlds, session.env, window.localStorage).catch((err: unknown) =>
    console.warn('the world switcher could not be shown', err),
  );
  const submit = (): void => {
    if (create.disabled) return;
    create.disabled = true;
    error.textContent = '';
    session
      .createCharacter(name.value.trim())
      .then(onPlay)
      .catch((err: unknown) => {
        error.textContent = describe(err);
        create.disabled = false;
      });
  };
  create.addEventListener('click', submit);
  // Enter in the name field creates the character, like the button.
  name.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    submit();
  });
  root.replaceChildren(
    h(
      'div',
      { class: 'card' },
      h('h1', {}, 'Your characters'),
      worlds,
      list,
      h('div', { class: 'row' }, name, create),
      error,
      h(
        'p',
        {},
        h('a', { href: '#/agents' }, 'Agent dashboard'),
        ' · ',
        h('a', { href: '#/hiscores' }, 'Hiscores'),
        ' · ',
        h('a', { href: '#/', onclick: onSignOut }, 'Sign out'),
      ),
    ),
  );
  try {
    render(await session.characters());
  } catch (err) {
    error.textContent = describe(err);
  }
}
