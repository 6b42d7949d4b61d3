import { itemName } from '../../content';
import { h, replaceChildren } from '../../dom';
import type { GameStore } from '../../game/store';
import type { MenuOption, UiHooks } from '../../ui-hooks';
import { askQuantity, createWindow, itemCell, menuAt } from './common';

const INVENTORY_SIZE = 28;
const MAX_QUANTITY = 2_147_483_647;

/**
 * The bank window: opens on `bank:update`, closes on `interface:closed {interface: 'bank'}`.
 * Bank slots (click: withdraw 1; menu: 1/5/10/All/X) beside the inventory (click: deposit 1; menu:
 * 1/5/10/All), "Deposit inventory", "Deposit worn items" and a name filter.
 */
export function mountBank(overlay: HTMLElement, store: GameStore, ui: UiHooks): () => void {
  const close = (): void => {
    void store.act('player:action', { action: 'closeInterface' }).then(() => {
      // interface:closed comes with the ack; should it not (nothing was open any more), close here too.
      store.world.bank = undefined;
      render();
    });
  };
  const win = createWindow(
    { testId: 'bank', title: 'Bank', closeTestId: 'bank-close', extraClass: 'iface-bank' },
    close,
  );
  const filter = h('input', {
    type: 'search',
    class: 'iface-filter',
    placeholder: 'Search',
    'aria-label': 'Search the bank',
    'data-testid': 'bank-search',
  });
  const count = h('span', { class: 'muted' });
  const grid = h('div', { class: 'iface-grid bank-grid' });
  const inventory = h('div', { class: 'iface-grid iface-inv-grid' });
  const depositInv = h(
    'button',
    {
      'data-testid': 'bank-deposit-all',
      onclick: () => void store.act('bank:depositAll', { from: 'inventory' }),
    },
    'Deposit inventory',
  );
  const depositWorn = h(
    'button',
    {
      'data-testid': 'bank-deposit-worn',
      onclick: () => void store.act('bank:depositAll', { from: 'equipment' }),
    },
    'Deposit worn items',
  );
  replaceChildren(
    win.body,
    h(
      'div',
      { class: 'iface-columns' },
      // The deposit buttons under the bank's slots: the inventory column is the tall one.
      h(
        'div',
        { class: 'iface-col grow' },
        h('div', { class: 'row' }, filter, count),
        grid,
        h('div', { class: 'iface-actions' }, depositInv, depositWorn),
      ),
      h('div', { class: 'iface-col' }, h('div', { class: 'iface-subtitle' }, 'Inventory'), inventory),
    ),
  );
  overlay.append(win.root);

  const withdraw = (bankSlot: number, quantity: number): void => {
    void store.act('bank:withdraw', { bankSlot, quantity: Math.min(MAX_QUANTITY, Math.max(1, quantity)) });
  };
  const deposit = (slot: number, quantity: number): void => {
    void store.act('bank:deposit', { slot, quantity: Math.min(MAX_QUANTITY, Math.max(1, quantity)) });
  };

  function renderBank(): void {
    const slots = [...(store.world.bank ?? [])].sort((a, b) => a.slot - b.slot);
    const capacity = store.last['bank:update']?.capacity;
    count.textContent = capacity !== undefined ? `${slots.length} / ${capacity}` : String(slots.length);
    const q = filter.value.trim().toLowerCase();
    const shown = q
      ? slots.filter((s) => itemName(store.content, s.itemId).toLowerCase().includes(q))
      : slots;
    replaceChildren(
      grid,
      shown.length === 0
        ? h('div', { class: 'muted iface-empty' }, q ? 'No items match.' : 'Your bank is empty.')
        : null,
      shown.map((s) => {
        const name = itemName(store.content, s.itemId);
        const options = (): MenuOption[] => [
          { label: 'Withdraw-1', target: name, run: () => withdraw(s.slot, 1) },
          { label: 'Withdraw-5', target: name, run: () => withdraw(s.slot, 5) },
          { label: 'Withdraw-10', target: name, run: () => withdraw(s.slot, 10) },
          { label: 'Withdraw-All', target: name, run: () => withdraw(s.slot, s.quantity) },
          {
            label: 'Withdraw-X',
            target: name,
            run: () =>
              void askQuantity(win.root, `Withdraw how many ${name}?`).then((n) => {
                if (n !== undefined) withdraw(s.slot, n);
              }),
          },
        ];
        return itemCell(
          { testId: `bank-slot-${s.slot}`, name, quantity: s.quantity, itemId: s.itemId },
          () => withdraw(s.slot, 1),
          (e) => menuAt(ui, e, options()),
        );
      }),
    );
  }

  function renderInventory(): void {
    const bySlot = new Map((store.world.player?.inventory ?? []).map((s) => [s.slot, s]));
    const cells: HTMLElement[] = [];
    for (let slot = 0; slot < INVENTORY_SIZE; slot++) {
      const s = bySlot.get(slot);
      if (!s) {
        cells.push(
          itemCell(
            { testId: `bank-inventory-slot-${slot}`, name: '', quantity: 0, empty: true },
            undefined,
            undefined,
          ),
        );
        continue;
      }
      const name = itemName(store.content, s.itemId);
      const all = (): number => Math.max(s.quantity, store.world.count(s.itemId));
      const options: MenuOption[] = [
        { label: 'Deposit-1', target: name, run: () => deposit(slot, 1) },
        { label: 'Deposit-5', target: name, run: () => deposit(slot, 5) },
        { label: 'Deposit-10', target: name, run: () => deposit(slot, 10) },
        { label: 'Deposit-All', target: name, run: () => deposit(slot, all()) },
        {
          label: 'Deposit-X',
          target: name,
          run: () =>
            void askQuantity(win.root, `Deposit how many ${name}?`).then((n) => {
              if (n !== undefined) deposit(slot, n);
            }),
        },
      ];
      cells.push(
        itemCell(
          { testId: `bank-inventory-slot-${slot}`, name, quantity: s.quantity, itemId: s.itemId },
          () => deposit(slot, 1),
          (e) => menuAt(ui, e, options),
        ),
      );
    }
    replaceChildren(inventory, cells);
  }

  function render(): void {
    const open = store.world.bank !== undefined;
    const wasOpen = !win.root.hidden;
    win.root.hidden = !open;
    if (!open) {
      win.root.querySelector('.iface-ask')?.remove();
      return;
    }
    if (!wasOpen) filter.value = '';
    renderBank();
    renderInventory();
  }

  filter.addEventListener('input', renderBank);
  // Typing in the filter must not reach the game's keyboard shortcuts.
  filter.addEventListener('keydown', (e) => e.stopPropagation());

  const offs = [
    store.on('bank:update', render),
    store.on('interface:closed', render),
    store.on('inventory:update', () => {
      if (store.world.bank !== undefined) renderInventory();
    }),
    store.on('player:sync', render),
  ];
  render();

  return () => {
    for (const off of offs) off();
    win.root.remove();
  };
}
