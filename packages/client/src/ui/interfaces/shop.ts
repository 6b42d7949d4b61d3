import { itemName } from '../../content';
import { h, replaceChildren } from '../../dom';
import type { GameStore } from '../../game/store';
import type { MenuOption, UiHooks } from '../../ui-hooks';
import { createWindow, itemCell, menuAt } from './common';
import { formatCoins } from './quantity';

const INVENTORY_SIZE = 28;

/**
 * The shop window: opens on `shop:update`, closes on `interface:closed {interface: 'shop'}`. The
 * stock (click: buy 1; menu: Value, Buy 1/5/10) beside the inventory (click: sell 1; menu: Value,
 * Sell 1/5/10), with the price of the next unit and, for items the shop lists, what one sells for.
 */
export function mountShop(overlay: HTMLElement, store: GameStore, ui: UiHooks): () => void {
  const close = (): void => {
    void store.act('player:action', { action: 'closeInterface' }).then(() => {
      store.world.shop = undefined;
      render();
    });
  };
  const win = createWindow(
    { testId: 'shop', title: 'Shop', closeTestId: 'shop-close', extraClass: 'iface-shop' },
    close,
  );
  const stock = h('div', { class: 'iface-grid shop-grid' });
  const inventory = h('div', { class: 'iface-grid iface-inv-grid' });
  const coins = h('div', { class: 'iface-coins', 'data-testid': 'shop-coins' });
  const hint = h('div', { class: 'muted iface-hint' }, 'Click to buy or sell one; right-click for more.');
  replaceChildren(
    win.body,
    h(
      'div',
      { class: 'iface-columns' },
      h('div', { class: 'iface-col grow' }, stock, hint),
      h('div', { class: 'iface-col' }, h('div', { class: 'iface-subtitle' }, 'Inventory'), inventory, coins),
    ),
  );
  overlay.append(win.root);

  const buy = (itemId: string, quantity: number): void => void store.act('shop:buy', { itemId, quantity });
  const sell = (slot: number, quantity: number): void => void store.act('shop:sell', { slot, quantity });

  function renderStock(): void {
    const shop = store.world.shop;
    if (!shop) return;
    win.title.textContent = shop.name;
    replaceChildren(
      stock,
      shop.items.length === 0
        ? h('div', { class: 'muted iface-empty' }, 'This shop has nothing for sale.')
        : null,
      shop.items.map((item) => {
        const name = itemName(store.content, item.itemId);
        const value = (): void =>
          store.log({
            channel: 'game',
            text: `${name}: currently costs ${formatCoins(item.buyPrice)} coins.`,
          });
        const options: MenuOption[] = [
          { label: 'Value', target: name, run: value },
          { label: 'Buy-1', target: name, run: () => buy(item.itemId, 1) },
          { label: 'Buy-5', target: name, run: () => buy(item.itemId, 5) },
          { label: 'Buy-10', target: name, run: () => buy(item.itemId, 10) },
        ];
        const cell = itemCell(
          {
            testId: `shop-item-${item.itemId}`,
            itemId: item.itemId,
            name,
            quantity: item.stock,
            sub: `${formatCoins(item.buyPrice)} gp`,
            title: `${name}: ${item.stock} in stock, ${formatCoins(item.buyPrice)} coins each`,
          },
          () => buy(item.itemId, 1),
          (e) => menuAt(ui, e, options),
        );
        cell.classList.add('always-qty');
        if (item.stock === 0) cell.classList.add('sold-out');
        const qty = cell.querySelector('.qty');
        if (qty) qty.textContent = String(item.stock);
        return cell;
      }),
    );
  }

  function renderInventory(): void {
    const shop = store.world.shop;
    const sellPrices = new Map((shop?.items ?? []).map((i) => [i.itemId, i.sellPrice]));
    const bySlot = new Map((store.world.player?.inventory ?? []).map((s) => [s.slot, s]));
    const cells: HTMLElement[] = [];
    for (let slot = 0; slot < INVENTORY_SIZE; slot++) {
      const s = bySlot.get(slot);
      if (!s) {
        cells.push(
          itemCell(
            { testId: `shop-inventory-slot-${slot}`, name: '', quantity: 0, empty: true },
            undefined,
            undefined,
          ),
        );
        continue;
      }
      const name = itemName(store.content, s.itemId);
      const price = sellPrices.get(s.itemId);
      const value = (): void =>
        store.log({
          channel: 'game',
          text:
            price !== undefined
              ? `${name}: the shop will buy one for ${formatCoins(price)} coins.`
              : `${name}: the shop does not list this item; it may still offer something for it.`,
        });
      const options: MenuOption[] = [
        { label: 'Value', target: name, run: value },
        { label: 'Sell-1', target: name, run: () => sell(slot, 1) },
        { label: 'Sell-5', target: name, run: () => sell(slot, 5) },
        { label: 'Sell-10', target: name, run: () => sell(slot, 10) },
      ];
      cells.push(
        itemCell(
          {
            testId: `shop-inventory-slot-${slot}`,
            itemId: s.itemId,
            name,
            quantity: s.quantity,
            sub: price !== undefined ? `sells ${formatCoins(price)}` : undefined,
          },
          () => sell(slot, 1),
          (e) => menuAt(ui, e, options),
        ),
      );
    }
    replaceChildren(inventory, cells);
    coins.textContent = `Coins: ${formatCoins(store.world.player?.coins ?? 0)}`;
  }

  function render(): void {
    const open = store.world.shop !== undefined;
    win.root.hidden = !open;
    if (!open) return;
    renderStock();
    renderInventory();
  }

  const whenOpen = (): void => {
    if (store.world.shop !== undefined) renderInventory();
  };
  const offs = [
    store.on('shop:update', render),
    store.on('interface:closed', render),
    store.on('inventory:update', whenOpen),
    store.on('player:coins', whenOpen),
    store.on('player:sync', render),
  ];
  render();

  return () => {
    for (const off of offs) off();
    win.root.remove();
  };
}
