import { h, shortNumber } from '../../dom';
import { itemIcon } from '../../items/icons';
import type { MenuOption, UiHooks } from '../../ui-hooks';
import { parseQuantity } from './quantity';

/** A movable-looking window over the 3D view: title bar with a close button, and a body. */
export interface IfaceWindow {
  root: HTMLElement;
  title: HTMLElement;
  body: HTMLElement;
}

export function createWindow(
  opts: { testId: string; title: string; closeTestId?: string; extraClass?: string },
  onClose?: () => void,
): IfaceWindow {
  const title = h('span', { class: 'iface-title' }, opts.title);
  const close = onClose
    ? h(
        'button',
        {
          class: 'iface-close',
          title: 'Close',
          'aria-label': 'Close',
          'data-testid': opts.closeTestId,
          onclick: onClose,
        },
        '\u00d7',
      )
    : null;
  const body = h('div', { class: 'iface-body' });
  const root = h(
    'div',
    { class: `iface ${opts.extraClass ?? ''}`, role: 'dialog', 'data-testid': opts.testId, hidden: true },
    h('div', { class: 'iface-head' }, title, close),
    body,
  );
  return { root, title, body };
}

/** One item cell: the name and the stack size, RuneScape-style yellow/white/green labels. */
export function itemCell(
  attrs: {
    testId: string;
    name: string;
    quantity: number;
    sub?: string;
    empty?: boolean;
    title?: string;
    /** Draws the item's icon (items/icons.ts). */
    itemId?: string;
  },
  onClick: (() => void) | undefined,
  onMenu: ((e: MouseEvent) => void) | undefined,
): HTMLElement {
  const qty = attrs.quantity;
  const qtyClass = qty >= 10_000_000 ? 'qty qty-m' : qty >= 100_000 ? 'qty qty-k' : 'qty';
  const cell = h(
    'div',
    {
      class: attrs.empty ? 'iface-item empty' : 'iface-item',
      'data-testid': attrs.testId,
      title:
        attrs.title ??
        (attrs.empty ? undefined : `${attrs.name}${qty > 1 ? ` x ${qty.toLocaleString('en-US')}` : ''}`),
      role: attrs.empty ? undefined : 'button',
      tabindex: attrs.empty ? undefined : 0,
    },
    attrs.empty || attrs.itemId === undefined ? null : itemIcon(attrs.itemId),
    attrs.empty ? null : h('span', { class: qtyClass }, qty > 1 ? shortNumber(qty) : ''),
    attrs.empty ? null : h('span', { class: 'name' }, attrs.name),
    attrs.sub ? h('span', { class: 'sub' }, attrs.sub) : null,
  );
  if (!attrs.empty) {
    if (onClick) {
      cell.addEventListener('click', onClick);
      cell.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') onClick();
      });
    }
    if (onMenu)
      cell.addEventListener('contextmenu', (e) => {
        e.preventDefault();
        onMenu(e);
      });
  }
  return cell;
}

/** Opens the option menu at the pointer. */
export function menuAt(ui: UiHooks, e: MouseEvent, options: MenuOption[]): void {
  ui.openMenu(e.pageX, e.pageY, options);
}

/**
 * Asks for an amount inside `host` (a window): a small box with a number field, OK and Cancel.
 * Resolves with the amount, or undefined when cancelled or not a number. Only one at a time per host.
 */
export function askQuantity(host: HTMLElement, label: string): Promise<number | undefined> {
  host.querySelector('.iface-ask')?.remove();
  return new Promise((resolve) => {
    const input = h('input', {
      type: 'text',
      inputmode: 'numeric',
      'aria-label': label,
      'data-testid': 'quantity-input',
    });
    const error = h('div', { class: 'error' });
    let done = false;
    const finish = (value: number | undefined): void => {
      if (done) return;
      done = true;
      box.remove();
      resolve(value);
    };
    const submit = (): void => {
      const n = parseQuantity(input.value);
      if (n === undefined) {
        error.textContent = 'Enter a whole number (10k and 1m work too).';
        return;
      }
      finish(n);
    };
    input.addEventListener('keydown', (e) => {
      e.stopPropagation();
      if (e.key === 'Enter') submit();
      else if (e.key === 'Escape') finish(undefined);
    });
    const box = h(
      'div',
      { class: 'iface-ask' },
      h('label', {}, label),
      input,
      error,
      h(
        'div',
        { class: 'row' },
        h('button', { class: 'primary', onclick: submit, 'data-testid': 'quantity-ok' }, 'OK'),
        h('button', { onclick: () => finish(undefined) }, 'Cancel'),
      ),
    );
    host.append(box);
    input.focus();
  });
}
