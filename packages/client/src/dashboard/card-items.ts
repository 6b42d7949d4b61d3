// An agent card's items: what it carries, wears and last saw in its bank, with item icons.
import { h, replaceChildren } from '../dom';
import { itemIcon } from '../items/icons';
import { readableName, stackText, type ItemStack, type RuntimeView } from './model';

function stacks(items: readonly ItemStack[], label: (s: ItemStack) => string): HTMLElement[] {
  return items.map((s) =>
    h('li', { class: 'agent-item', title: s.itemId }, itemIcon(s.itemId, { inline: true }), label(s)),
  );
}

/** Fills the card's items box from the runtime's summary. */
export function fillItems(box: HTMLElement, rt: RuntimeView | null): void {
  if (!rt) {
    replaceChildren(box, h('span', { class: 'muted' }, 'Items: unknown (runtime unavailable)'));
    return;
  }
  const bank = rt.bank;
  replaceChildren(
    box,
    h('div', { class: 'muted' }, `Inventory (${rt.inventory.length}/28)`),
    h(
      'ul',
      { class: 'agent-items', 'data-testid': 'items-inventory' },
      rt.inventory.length === 0 ? h('li', { class: 'muted' }, 'empty') : stacks(rt.inventory, stackText),
    ),
    h('div', { class: 'muted' }, 'Equipment'),
    h(
      'ul',
      { class: 'agent-items', 'data-testid': 'items-equipment' },
      rt.equipment.length === 0
        ? h('li', { class: 'muted' }, 'nothing worn')
        : stacks(rt.equipment, (s) => `${readableName(String(s.slot))}: ${stackText(s)}`),
    ),
    h('div', { class: 'muted' }, bank ? `Bank (as seen ${new Date(bank.at).toLocaleTimeString()})` : 'Bank'),
    h(
      'ul',
      { class: 'agent-items', 'data-testid': 'items-bank' },
      !bank
        ? h('li', { class: 'muted' }, 'not seen since the runtime started')
        : bank.slots.length === 0
          ? h('li', { class: 'muted' }, 'empty')
          : stacks(bank.slots, stackText),
    ),
  );
}
