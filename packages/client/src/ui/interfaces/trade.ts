import { itemName } from '../../content';
import { itemIcon } from '../../items/icons';
import { h, replaceChildren } from '../../dom';
import type { GameStore } from '../../game/store';
import type { MenuOption, UiHooks } from '../../ui-hooks';
import { askQuantity, createWindow, itemCell, menuAt } from './common';
import { formatCoins } from './quantity';
import { coinOffer } from './trade-coins';
import {
  availableCoins,
  availableInventory,
  initialTradeState,
  reduceTrade,
  tradeStatus,
  warningText,
  type ActiveTrade,
  type OfferEntry,
  type TradeEvent,
  type TradeState,
} from './trade-state';

const INVENTORY_SIZE = 28;
const MAX_QUANTITY = 2_147_483_647;

/**
 * Player-to-player trade: the request prompt, screen 1 (offers) and screen 2 (confirmation with the
 * wealth-transfer warnings). State lives in the pure reducer of `trade-state.ts`; this module only
 * feeds it the server's events and draws what it returns.
 */
export function mountTrade(overlay: HTMLElement, store: GameStore, ui: UiHooks): () => void {
  let state: TradeState = initialTradeState();
  const names = (id: string): string => itemName(store.content, id);

  const dispatch = (event: TradeEvent): void => {
    const step = reduceTrade(state, event, { selfId: store.selfId, itemName: names });
    state = step.state;
    for (const text of step.log) store.log({ channel: 'trade', text });
    render();
  };

  // Every step of a trade: clears the shown error first; refusals also come as tradeError events.
  const tradeId = (): string | undefined => state.trade?.tradeId;
  const act = (fn: (id: string) => Promise<unknown>): void => {
    const id = tradeId();
    if (id === undefined) return;
    dispatch({ type: 'acting' });
    void fn(id);
  };
  const addItem = (inventorySlot: number, quantity: number): void =>
    act((id) => store.act('tradeAddItem', { tradeId: id, inventorySlot, quantity: clamp(quantity) }));
  const removeItem = (offerSlot: number, quantity: number): void =>
    act((id) => store.act('tradeRemoveItem', { tradeId: id, offerSlot, quantity: clamp(quantity) }));
  const addCoins = (quantity: number): void =>
    act((id) => store.act('tradeAddCoins', { tradeId: id, quantity: clamp(quantity) }));
  const accept = (): void => act((id) => store.act('tradeAccept', { tradeId: id }));
  const decline = (): void => act((id) => store.act('tradeCancel', { tradeId: id }));
  const modify = (): void => act((id) => store.act('tradeModify', { tradeId: id }));

  // --- the request prompt -------------------------------------------------------------------
  const prompt = h('div', {
    class: 'iface iface-prompt',
    'data-testid': 'trade-incoming',
    role: 'alertdialog',
    hidden: true,
  });
  const answer = (accept: boolean): void => {
    const request = state.incoming.at(-1);
    if (!request) return;
    dispatch({ type: 'answered', tradeId: request.tradeId });
    void store.act('tradeRequestRespond', { tradeId: request.tradeId, accept });
  };
  function renderPrompt(): void {
    const request = state.incoming.at(-1);
    prompt.hidden = request === undefined;
    if (!request) return;
    replaceChildren(
      prompt,
      h('div', { class: 'prompt-text' }, `${request.fromPlayerName} wishes to trade with you.`),
      h(
        'div',
        { class: 'iface-actions' },
        h(
          'button',
          { class: 'primary', 'data-testid': 'trade-accept-request', onclick: () => answer(true) },
          'Accept',
        ),
        h('button', { 'data-testid': 'trade-decline-request', onclick: () => answer(false) }, 'Decline'),
      ),
    );
  }

  // --- the trade window -----------------------------------------------------------------------
  const win = createWindow({ testId: 'trade', title: 'Trade', extraClass: 'iface-trade' }, decline);
  overlay.append(prompt, win.root);

  function offerList(entries: OfferEntry[], testId: string, mine: boolean, trade: ActiveTrade): HTMLElement {
    const list = h(
      'div',
      { class: 'trade-offer', 'data-testid': testId },
      entries.length === 0 ? h('div', { class: 'muted iface-empty' }, 'Nothing offered.') : null,
      entries.map((e, i) => {
        const name = names(e.itemId);
        const qtyText =
          e.itemId === 'coins'
            ? formatCoins(e.quantity)
            : e.quantity > 1
              ? `x ${formatCoins(e.quantity)}`
              : '';
        const removable = mine && trade.screen === 1;
        const options = (): MenuOption[] => [
          { label: 'Remove-1', target: name, run: () => removeItem(i, 1) },
          { label: 'Remove-5', target: name, run: () => removeItem(i, 5) },
          { label: 'Remove-10', target: name, run: () => removeItem(i, 10) },
          { label: 'Remove-All', target: name, run: () => removeItem(i, e.quantity) },
          {
            label: 'Remove-X',
            target: name,
            run: () =>
              void askQuantity(win.root, `Remove how many ${name}?`).then((n) => {
                if (n !== undefined) removeItem(i, n);
              }),
          },
        ];
        const row = h(
          'div',
          {
            class: removable ? 'trade-entry removable' : 'trade-entry',
            'data-testid': `${testId}-${i}`,
            'data-item-id': e.itemId,
            title: removable ? `Click to take back ${name}` : undefined,
            role: removable ? 'button' : undefined,
          },
          itemIcon(e.itemId, { inline: true }),
          h('span', { class: 'name' }, name),
          h('span', { class: 'qty-text' }, qtyText),
          h('span', { class: 'value' }, `${formatCoins(e.value)} gp`),
        );
        if (removable) {
          row.addEventListener('click', () => removeItem(i, e.itemId === 'coins' ? e.quantity : 1));
          row.addEventListener('contextmenu', (ev) => {
            ev.preventDefault();
            menuAt(ui, ev, options());
          });
        }
        return row;
      }),
    );
    return list;
  }

  function inventoryGrid(trade: ActiveTrade): HTMLElement {
    const slots = new Map(
      availableInventory(store.world.player?.inventory ?? [], trade.myOffer).map((s) => [s.slot, s]),
    );
    const cells: HTMLElement[] = [];
    for (let slot = 0; slot < INVENTORY_SIZE; slot++) {
      const s = slots.get(slot);
      const testId = `trade-inventory-slot-${slot}`;
      if (!s || s.available === 0) {
        cells.push(itemCell({ testId, name: '', quantity: 0, empty: true }, undefined, undefined));
        continue;
      }
      const name = names(s.itemId);
      const def = store.content.items.get(s.itemId);
      const unit = def?.value ?? 0;
      const untradeable = def?.tradeable === false;
      const options: MenuOption[] = [
        { label: 'Offer-1', target: name, run: () => addItem(slot, 1) },
        { label: 'Offer-5', target: name, run: () => addItem(slot, 5) },
        { label: 'Offer-10', target: name, run: () => addItem(slot, 10) },
        { label: 'Offer-All', target: name, run: () => addItem(slot, MAX_QUANTITY) },
        {
          label: 'Offer-X',
          target: name,
          run: () =>
            void askQuantity(win.root, `Offer how many ${name}?`).then((n) => {
              if (n !== undefined) addItem(slot, n);
            }),
        },
      ];
      const cell = itemCell(
        {
          testId,
          itemId: s.itemId,
          name,
          quantity: s.available,
          sub: `${formatCoins(unit)} gp`,
          title: `${name}${s.available > 1 ? ` x ${s.available}` : ''}: ${formatCoins(unit)} coins each${untradeable ? ' (cannot be traded)' : ''}`,
        },
        () => addItem(slot, 1),
        (e) => menuAt(ui, e, options),
      );
      if (untradeable) cell.classList.add('untradeable');
      cells.push(cell);
    }
    return h('div', { class: 'iface-grid iface-inv-grid' }, cells);
  }

  const coinsRow = (trade: ActiveTrade): HTMLElement =>
    coinOffer(availableCoins(store.world.player?.coins ?? 0, trade.myOffer), addCoins);

  function statusLine(trade: ActiveTrade): HTMLElement[] {
    return [
      h(
        'div',
        {
          class: trade.theirAccepted ? 'trade-status accepted' : 'trade-status',
          'data-testid': 'trade-status',
        },
        tradeStatus(trade),
      ),
      h('div', { class: 'error', 'data-testid': 'trade-error' }, trade.error ?? ''),
    ];
  }

  function screenOne(trade: ActiveTrade): HTMLElement {
    const partner = trade.partnerName || 'Other player';
    return h(
      'div',
      { class: 'trade-screen', 'data-testid': 'trade-screen-1' },
      h(
        'div',
        { class: 'iface-columns' },
        h(
          'div',
          { class: 'iface-col grow' },
          h(
            'div',
            { class: 'iface-columns' },
            h(
              'div',
              { class: 'iface-col grow' },
              h('div', { class: 'iface-subtitle' }, 'Your offer'),
              offerList(trade.myOffer, 'trade-my-offer', true, trade),
              h('div', { class: 'trade-total' }, `Value: ${formatCoins(trade.given)} coins`),
            ),
            h(
              'div',
              { class: 'iface-col grow' },
              h('div', { class: 'iface-subtitle' }, `${partner} offers`),
              offerList(trade.theirOffer, 'trade-their-offer', false, trade),
              h('div', { class: 'trade-total' }, `Value: ${formatCoins(trade.received)} coins`),
            ),
          ),
          coinsRow(trade),
          statusLine(trade),
          h(
            'div',
            { class: 'iface-actions' },
            h(
              'button',
              {
                class: 'primary',
                'data-testid': 'trade-accept',
                disabled: trade.myAccepted,
                onclick: accept,
              },
              'Accept',
            ),
            h('button', { 'data-testid': 'trade-decline', onclick: decline }, 'Decline'),
          ),
          h(
            'div',
            { class: 'muted iface-hint' },
            'Click an item to offer one, right-click for more; click your offer to take it back.',
          ),
        ),
        h(
          'div',
          { class: 'iface-col' },
          h('div', { class: 'iface-subtitle' }, 'Your inventory'),
          inventoryGrid(trade),
        ),
      ),
    );
  }

  function screenTwo(trade: ActiveTrade): HTMLElement {
    const partner = trade.partnerName || 'the other player';
    return h(
      'div',
      { class: 'trade-screen', 'data-testid': 'trade-screen-2' },
      h('div', { class: 'trade-confirm-head' }, `Check the final offers of your trade with ${partner}.`),
      h(
        'div',
        { class: 'iface-columns' },
        h(
          'div',
          { class: 'iface-col grow' },
          h('div', { class: 'iface-subtitle' }, 'You are about to give:'),
          offerList(trade.myOffer, 'trade-my-offer', true, trade),
          h('div', { class: 'trade-total' }, `Total value given: ${formatCoins(trade.given)} coins`),
        ),
        h(
          'div',
          { class: 'iface-col grow' },
          h('div', { class: 'iface-subtitle' }, 'In return you will receive:'),
          offerList(trade.theirOffer, 'trade-their-offer', false, trade),
          h('div', { class: 'trade-total' }, `Total value received: ${formatCoins(trade.received)} coins`),
        ),
      ),
      h(
        'div',
        {
          class: 'trade-warnings',
          'data-testid': 'trade-warnings',
          role: 'alert',
          hidden: trade.warnings.length === 0,
        },
        trade.warnings.map((w) =>
          h(
            'p',
            { class: `trade-warning warning-${w}`, 'data-warning': w },
            warningText(w, trade.partnerName),
          ),
        ),
      ),
      statusLine(trade),
      h(
        'div',
        { class: 'iface-actions' },
        h(
          'button',
          { class: 'primary', 'data-testid': 'trade-confirm', disabled: trade.myAccepted, onclick: accept },
          'Accept',
        ),
        h('button', { 'data-testid': 'trade-modify', onclick: modify }, 'Modify'),
        h('button', { 'data-testid': 'trade-decline', onclick: decline }, 'Decline'),
      ),
    );
  }

  function render(): void {
    renderPrompt();
    const trade = state.trade;
    win.root.hidden = trade === undefined;
    if (!trade) {
      win.root.querySelector('.iface-ask')?.remove();
      replaceChildren(win.body);
      return;
    }
    win.title.textContent = `Trading with ${trade.partnerName || 'another player'}`;
    // Keep a half-typed coin amount across redraws (offers change while the player types).
    const typed = win.body.querySelector<HTMLInputElement>('[data-testid="trade-coins-input"]');
    const typedValue = typed?.value ?? '';
    const hadFocus = typed !== null && document.activeElement === typed;
    replaceChildren(win.body, trade.screen === 1 ? screenOne(trade) : screenTwo(trade));
    const input = win.body.querySelector<HTMLInputElement>('[data-testid="trade-coins-input"]');
    if (input) {
      input.value = typedValue;
      if (hadFocus) input.focus();
    }
  }

  const offs = [
    store.on('tradeIncoming', (data) => dispatch({ type: 'tradeIncoming', data })),
    store.on('tradeStarted', (data) => dispatch({ type: 'tradeStarted', data })),
    store.on('tradeUpdated', (data) => dispatch({ type: 'tradeUpdated', data })),
    store.on('tradeConfirmScreen', (data) => dispatch({ type: 'tradeConfirmScreen', data })),
    store.on('tradeCompleted', (data) => dispatch({ type: 'tradeCompleted', data })),
    store.on('tradeCancelled', (data) => dispatch({ type: 'tradeCancelled', data })),
    store.on('tradeError', (data) => dispatch({ type: 'tradeError', data })),
    store.on('inventory:update', () => {
      if (state.trade?.screen === 1) render();
    }),
    store.on('player:coins', () => {
      if (state.trade?.screen === 1) render();
    }),
  ];
  render();

  return () => {
    for (const off of offs) off();
    prompt.remove();
    win.root.remove();
  };
}

function clamp(quantity: number): number {
  return Math.min(MAX_QUANTITY, Math.max(1, Math.floor(quantity)));
}
