import { h, replaceChildren } from '../../dom';
import type { ChatLine, GameStore } from '../../game/store';
import type { ChatFilter } from './chat-logic';
import { CHAT_FILTERS, CHAT_INPUT_MAX, findByName, lineVisible, parseChatInput } from './chat-logic';
import { appendHistory, loadHistory, saveHistory, type ChatStorage } from './chat-history';
import { sendPm, socialState } from './friends';
import { Disposers } from './shared';

const MAX_LINES = 200;
const HISTORY = 30;

export interface ChatBox {
  /** Focuses the input, optionally replacing its text (e.g. "@Alice "). */
  focus(prefill?: string): void;
  dispose(): void;
}

/** localStorage, or undefined where the browser refuses it (then the history is not kept). */
function browserStorage(): ChatStorage | undefined {
  try {
    return window.localStorage;
  } catch (err) {
    console.warn('no localStorage: the chat history is not kept', err);
    return undefined;
  }
}

function lineElement(line: ChatLine, earlier = false): HTMLElement {
  return h(
    'div',
    {
      class: `chat-line chat-${line.channel}${earlier ? ' chat-earlier' : ''}`,
      title: new Date(line.at).toLocaleString(),
    },
    line.from ? h('span', { class: 'chat-from' }, line.from) : null,
    line.from ? ': ' : null,
    h('span', { class: 'chat-text' }, line.text),
  );
}

/** What a finished / command answered, for the chat box (its ack result, when it has one). */
function describeResult(result: Record<string, unknown> | undefined): string | undefined {
  if (!result || Object.keys(result).length === 0) return undefined;
  return Object.entries(result)
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(', ');
}

/**
 * The chat box: the log (store.chatLog and every new line) with channel filters, and the input.
 * Enter sends public chat or a / command (player:chat); `/pm Name text` or `@Name text` sends a
 * private message to a friend (pm:send). The log starts with the character's lines from earlier
 * visits (chat-history.ts), and every new line is kept for the next.
 */
export function mountChat(root: HTMLElement, store: GameStore, storage = browserStorage()): ChatBox {
  const d = new Disposers();
  const characterId = store.selfId;
  const earlier = storage && characterId ? loadHistory(storage, characterId) : [];
  let kept = appendHistory(earlier, store.chatLog);
  const keep = (line: ChatLine): void => {
    if (!storage || !characterId) return;
    kept = appendHistory(kept, [line]);
    saveHistory(storage, characterId, kept);
  };
  if (storage && characterId) saveHistory(storage, characterId, kept);
  let filter: ChatFilter = 'all';
  const filterButtons = CHAT_FILTERS.map((f) =>
    h(
      'button',
      {
        class: f.id === filter ? 'chat-filter active' : 'chat-filter',
        'data-filter': f.id,
        'data-testid': `chat-filter-${f.id}`,
      },
      f.label,
    ),
  );
  const log = h('div', { class: 'chat-log', 'data-testid': 'chat-log', role: 'log', 'aria-live': 'polite' });
  const input = h('input', {
    class: 'chat-input',
    'data-testid': 'chat-input',
    maxlength: CHAT_INPUT_MAX,
    placeholder: 'Press Enter to chat; /pm Name or @Name for a private message',
    autocomplete: 'off',
    spellcheck: 'false',
  });
  const name = h('span', { class: 'chat-self' }, `${store.world.player?.name ?? 'You'}:`);
  root.append(
    h(
      'div',
      { class: 'panel-chat' },
      h('div', { class: 'chat-filters' }, filterButtons),
      log,
      h('div', { class: 'chat-entry' }, name, input),
    ),
  );

  const nearBottom = (): boolean => log.scrollHeight - log.scrollTop - log.clientHeight < 48;
  const toBottom = (): void => {
    log.scrollTop = log.scrollHeight;
  };

  const renderAll = (): void => {
    replaceChildren(
      log,
      earlier.filter((l) => lineVisible(l, filter)).map((l) => lineElement(l, true)),
      store.chatLog.filter((l) => lineVisible(l, filter)).map((l) => lineElement(l)),
    );
    toBottom();
  };

  d.add(
    store.local.on('chat', (line) => {
      keep(line);
      if (!lineVisible(line, filter)) return;
      const stick = nearBottom();
      log.append(lineElement(line));
      while (log.childElementCount > MAX_LINES) log.firstElementChild?.remove();
      if (stick || line.channel === 'private_out') toBottom();
    }),
  );

  d.listen(root, 'click', (e) => {
    const id = (e.target as Element | null)?.closest('[data-filter]')?.getAttribute('data-filter');
    const next = CHAT_FILTERS.find((f) => f.id === id)?.id;
    if (!next) return;
    filter = next;
    for (const b of filterButtons) b.classList.toggle('active', b.getAttribute('data-filter') === filter);
    renderAll();
  });

  const history: string[] = [];
  let historyAt = 0;

  const submit = async (raw: string): Promise<void> => {
    const friends = socialState(store).friends;
    const intent = parseChatInput(
      raw,
      friends.map((f) => f.name),
    );
    switch (intent.kind) {
      case 'none':
        return;
      case 'invalid':
        store.log({ channel: 'error', text: intent.reason });
        return;
      case 'pm': {
        const friend = findByName(friends, intent.name);
        if (!friend) {
          store.log({ channel: 'error', text: `${intent.name} is not on your friends list.` });
          return;
        }
        await sendPm(store, friend, intent.message);
        return;
      }
      case 'public': {
        const ack = await store.act('player:chat', { message: intent.message });
        if (ack && intent.message.startsWith('/')) {
          const text = describeResult(ack.result);
          if (text) store.log({ channel: 'system', text });
        }
        return;
      }
    }
  };

  d.listen(input, 'keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      const raw = input.value;
      input.value = '';
      if (raw.trim()) {
        history.push(raw);
        if (history.length > HISTORY) history.shift();
      }
      historyAt = history.length;
      toBottom();
      void submit(raw);
    } else if (e.key === 'ArrowUp' && history.length > 0) {
      e.preventDefault();
      historyAt = Math.max(0, historyAt - 1);
      input.value = history[historyAt] ?? '';
    } else if (e.key === 'ArrowDown' && history.length > 0) {
      e.preventDefault();
      historyAt = Math.min(history.length, historyAt + 1);
      input.value = history[historyAt] ?? '';
    } else if (e.key === 'Escape') {
      input.blur();
    }
    // Keys typed here are for the chat, not for the game's keyboard shortcuts.
    e.stopPropagation();
  });

  // Enter anywhere outside a text field starts typing in the chat.
  const onDocKey = (e: KeyboardEvent): void => {
    if (e.key !== 'Enter' || e.defaultPrevented) return;
    const target = e.target as HTMLElement | null;
    const tag = target?.tagName;
    if (
      tag === 'INPUT' ||
      tag === 'TEXTAREA' ||
      tag === 'SELECT' ||
      tag === 'BUTTON' ||
      target?.isContentEditable
    )
      return;
    e.preventDefault();
    input.focus();
  };
  document.addEventListener('keydown', onDocKey);
  d.add(() => document.removeEventListener('keydown', onDocKey));
  d.add(
    store.on('player:sync', (s) => {
      name.textContent = `${s.player.name}:`;
    }),
  );

  renderAll();
  return {
    focus(prefill) {
      if (prefill !== undefined) input.value = prefill;
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    },
    dispose: () => d.dispose(),
  };
}
