import type { ServerPayload } from '@tilerealm/protocol';
import { h, replaceChildren } from '../../dom';
import type { GameStore } from '../../game/store';
import { createWindow } from './common';

type DialogueNode = ServerPayload<'dialogue:node'>;

/** True when a key press is meant for a text field rather than for the game. */
function typing(e: KeyboardEvent): boolean {
  const t = e.target;
  return t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
}

/**
 * The NPC conversation box: opens on `dialogue:node`, closes on `dialogue:closed`. Shows the NPC's
 * name and words, then the player's options (`dialogue:choose {index}`) or "Click here to continue"
 * (`dialogue:continue`). Keys 1-9 pick an option, space continues.
 */
export function mountDialogue(overlay: HTMLElement, store: GameStore): () => void {
  let node: DialogueNode | undefined;
  let busy = false;

  const close = (): void => {
    void store.act('player:action', { action: 'closeInterface' }).then(() => {
      node = undefined;
      render();
    });
  };
  const win = createWindow({ testId: 'dialogue', title: '', extraClass: 'iface-dialogue' }, close);
  const text = h('div', { class: 'dialogue-text', 'data-testid': 'dialogue-text' });
  const answers = h('div', { class: 'dialogue-answers' });
  replaceChildren(win.body, text, answers);
  overlay.append(win.root);

  const send = (request: Promise<unknown>): void => {
    busy = true;
    render();
    void request.then((result) => {
      busy = false;
      // A refusal (undefined) leaves the conversation where it was: offer the answers again.
      if (result === undefined) render();
    });
  };
  const choose = (position: number): void => {
    const option = node?.awaiting === 'choice' ? node.options[position] : undefined;
    if (!option || busy) return;
    send(store.act('dialogue:choose', { index: option.index }));
  };
  const proceed = (): void => {
    if (!node || node.awaiting === 'choice' || busy) return;
    send(store.act('dialogue:continue', {}));
  };

  function render(): void {
    win.root.hidden = node === undefined;
    if (!node) {
      replaceChildren(text);
      replaceChildren(answers);
      return;
    }
    win.title.textContent = node.npcName;
    replaceChildren(text, node.text);
    if (node.awaiting === 'choice' && node.options.length > 0) {
      replaceChildren(
        answers,
        node.options.map((o, i) =>
          h(
            'button',
            {
              class: 'dialogue-option',
              'data-testid': `dialogue-option-${i}`,
              'data-index': o.index,
              disabled: busy,
              onclick: () => choose(i),
            },
            h('span', { class: 'dialogue-key' }, i < 9 ? `${i + 1}.` : ''),
            ` ${o.text}`,
          ),
        ),
      );
    } else {
      replaceChildren(
        answers,
        h(
          'button',
          {
            class: 'dialogue-continue',
            'data-testid': 'dialogue-continue',
            disabled: busy,
            onclick: proceed,
          },
          'Click here to continue',
        ),
      );
    }
  }

  const onKey = (e: KeyboardEvent): void => {
    if (!node || typing(e) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (/^[1-9]$/.test(e.key) && node.awaiting === 'choice') {
      e.preventDefault();
      choose(Number(e.key) - 1);
    } else if (e.key === ' ' && node.awaiting !== 'choice') {
      e.preventDefault();
      proceed();
    }
  };
  document.addEventListener('keydown', onKey);

  const offs = [
    store.on('dialogue:node', (d) => {
      node = d;
      busy = false;
      render();
    }),
    store.on('dialogue:closed', () => {
      node = undefined;
      busy = false;
      render();
    }),
  ];

  // A conversation that opened before this mount (the node came after any close).
  const last = store.last['dialogue:node'];
  const closed = store.last['dialogue:closed'];
  if (last && (!closed || closed.tick < last.tick)) node = last;
  render();

  return () => {
    for (const off of offs) off();
    document.removeEventListener('keydown', onKey);
    win.root.remove();
  };
}
