import type { Content } from '../../content';
import { itemName } from '../../content';
import { itemIcon } from '../../items/icons';
import { h, replaceChildren, shortNumber } from '../../dom';
import type { GameStore } from '../../game/store';
import type { MenuOption, UiHooks } from '../../ui-hooks';
import type { ItemInfo } from './items-logic';
import { PRIMARY_LABEL, primaryAction, slotClick } from './items-logic';
import { Disposers } from './shared';

const SLOTS = 28;

function itemInfo(content: Content, itemId: string | undefined): ItemInfo | undefined {
  return itemId === undefined ? undefined : content.items.get(itemId);
}

/** Shows the examine text of an inventory item (asked from the server) in the chat box. */
async function examineSlot(store: GameStore, slot: number, itemId: string): Promise<void> {
  const ack = await store.act('inventory:examine', { slot });
  const result = ack?.result;
  const text =
    typeof result?.['examine'] === 'string' ? result['examine'] : store.content.items.get(itemId)?.examine;
  if (ack) store.log({ channel: 'game', text: text ?? `It's ${itemName(store.content, itemId)}.` });
}

/**
 * The inventory tab: 28 slots (4 x 7) and the coin pouch. Left click does the item's default
 * action (eat, bury, wield / wear, else pick it for "Use"); with an item picked, a click on another
 * uses one on the other. Right click opens the option menu. Slots can be dragged onto each other
 * (inventory:move).
 */
export function mountInventory(root: HTMLElement, store: GameStore, ui: UiHooks): () => void {
  const d = new Disposers();
  const content = store.content;
  const coins = h('div', { class: 'inv-coins', 'data-testid': 'coins', title: 'Coin pouch' });
  const slots: HTMLDivElement[] = [];
  for (let n = 0; n < SLOTS; n++) {
    slots.push(
      h('div', {
        class: 'inv-slot',
        'data-slot': n,
        'data-testid': `inventory-slot-${n}`,
        draggable: 'false',
      }),
    );
  }
  const grid = h('div', { class: 'inv-grid' }, slots);
  root.append(h('div', { class: 'panel-inventory' }, coins, grid));

  const itemAt = (n: number): { itemId: string; quantity: number } | undefined =>
    store.world.player?.inventory.find((s) => s.slot === n);

  const render = (): void => {
    const selected = store.selection;
    for (const [n, el] of slots.entries()) {
      const stack = itemAt(n);
      el.classList.toggle('selected', selected?.slot === n && stack !== undefined);
      if (!stack) {
        el.removeAttribute('data-item-id');
        el.draggable = false;
        el.title = '';
        el.classList.remove('filled');
        replaceChildren(el);
        continue;
      }
      const def = content.items.get(stack.itemId);
      const name = itemName(content, stack.itemId);
      el.setAttribute('data-item-id', stack.itemId);
      el.draggable = true;
      el.classList.add('filled');
      el.title = stack.quantity > 1 ? `${name} x ${stack.quantity.toLocaleString()}` : name;
      const showQty = stack.quantity > 1 || def?.stackable === true;
      replaceChildren(
        el,
        itemIcon(stack.itemId),
        showQty ? h('span', { class: 'inv-qty' }, shortNumber(stack.quantity)) : null,
        h('span', { class: 'inv-name' }, name),
      );
    }
    coins.textContent = `Coins: ${(store.world.player?.coins ?? 0).toLocaleString()}`;
  };

  const slotOf = (e: Event): number | undefined => {
    const el = (e.target as Element | null)?.closest('[data-slot]');
    if (!el || !grid.contains(el)) return undefined;
    const n = Number(el.getAttribute('data-slot'));
    return Number.isInteger(n) ? n : undefined;
  };

  const equip = (slot: number): void => void store.act('equipment:equip', { inventorySlot: slot });
  const useAlone = (slot: number): void => void store.act('inventory:use', { slot });
  const useOn = (slot: number, targetSlot: number): void => {
    store.select(undefined);
    void store.act('inventory:use', { slot, targetSlot });
  };

  d.listen(grid, 'click', (e) => {
    const n = slotOf(e);
    if (n === undefined) return;
    const stack = itemAt(n);
    const click = slotClick(n, stack?.itemId, itemInfo(content, stack?.itemId), store.selection?.slot);
    switch (click.kind) {
      case 'useOn':
        return useOn(click.slot, click.targetSlot);
      case 'deselect':
        return store.select(undefined);
      case 'useAlone':
        return useAlone(click.slot);
      case 'equip':
        return equip(click.slot);
      case 'select':
        return store.select({ slot: click.slot, itemId: click.itemId });
      case 'none':
        return;
    }
  });

  d.listen(grid, 'contextmenu', (e) => {
    const n = slotOf(e);
    if (n === undefined) return;
    e.preventDefault();
    const stack = itemAt(n);
    if (!stack) return;
    const name = itemName(content, stack.itemId);
    const primary = primaryAction(itemInfo(content, stack.itemId));
    const options: MenuOption[] = [];
    const selected = store.selection;
    if (selected && selected.slot !== n) {
      options.push({
        label: 'Use',
        target: `${itemName(content, selected.itemId)} -> ${name}`,
        run: () => useOn(selected.slot, n),
      });
    }
    if (primary === 'eat' || primary === 'bury') {
      options.push({ label: PRIMARY_LABEL[primary], target: name, run: () => useAlone(n) });
    } else if (primary === 'wield' || primary === 'wear') {
      options.push({ label: PRIMARY_LABEL[primary], target: name, run: () => equip(n) });
    }
    options.push(
      { label: 'Use', target: name, run: () => store.select({ slot: n, itemId: stack.itemId }) },
      { label: 'Drop', target: name, run: () => void store.act('inventory:drop', { slot: n }) },
      { label: 'Examine', target: name, run: () => void examineSlot(store, n, stack.itemId) },
    );
    ui.openMenu(e.pageX, e.pageY, options);
  });

  // Drag and drop to rearrange (inventory:move; an occupied target swaps).
  let dragFrom: number | undefined;
  d.listen(grid, 'dragstart', (e) => {
    const n = slotOf(e);
    if (n === undefined || !itemAt(n)) return;
    dragFrom = n;
    e.dataTransfer?.setData('text/plain', String(n));
    if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
  });
  d.listen(grid, 'dragover', (e) => {
    if (dragFrom !== undefined && slotOf(e) !== undefined) e.preventDefault();
  });
  d.listen(grid, 'drop', (e) => {
    const to = slotOf(e);
    const from = dragFrom ?? Number(e.dataTransfer?.getData('text/plain'));
    dragFrom = undefined;
    if (to === undefined || !Number.isInteger(from) || from === to) return;
    e.preventDefault();
    void store.act('inventory:move', { from, to });
  });
  d.listen(grid, 'dragend', () => {
    dragFrom = undefined;
  });

  const onInventory = (): void => {
    // A picked item that left its slot is no longer picked.
    const sel = store.selection;
    if (sel && itemAt(sel.slot)?.itemId !== sel.itemId) store.select(undefined);
    render();
  };
  d.add(store.on('inventory:update', onInventory));
  d.add(store.on('player:sync', onInventory));
  d.add(store.on('player:coins', render));
  d.add(store.local.on('selection', render));
  render();

  return () => d.dispose();
}
