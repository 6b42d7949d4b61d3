import { checkRef } from '../table';
import { dialogueEffects, refItem, requireSpawned, type CheckContext } from './context';

const FILE = 'stores.json';

/** Stores: owner, currency, stock, quest gate, and that some dialogue actually opens each store. */
export function checkStores(ctx: CheckContext): void {
  const { m, issues } = ctx;
  const opened = new Set(
    m.npcs.entries.flatMap((n) =>
      dialogueEffects(n).flatMap((e) => (e.type === 'open_shop' ? [e.storeId] : [])),
    ),
  );
  for (const store of m.stores.entries) {
    const at = `store ${store.id}`;
    if (checkRef(issues, FILE, `${at} is owned by`, m.npcs, store.ownerNpcId))
      requireSpawned(ctx, FILE, `${at} is owned by`, store.ownerNpcId);
    const owner = m.npcs.byId.get(store.ownerNpcId);
    if (owner && !dialogueEffects(owner).some((e) => e.type === 'open_shop' && e.storeId === store.id))
      issues.add(FILE, `${at}: owner ${owner.id} has no dialogue effect opening it`);
    if (refItem(ctx, FILE, `${at} trades in currency`, store.currency)) {
      const currency = m.items.byId.get(store.currency);
      if (currency && currency.category !== 'currency')
        issues.add(FILE, `${at}: currency ${store.currency} is not a currency item`);
    }
    if (store.requiredQuestId) checkRef(issues, FILE, `${at} requires`, m.quests, store.requiredQuestId);
    const seen = new Set<string>();
    for (const entry of store.items) {
      if (seen.has(entry.itemId)) issues.add(FILE, `${at} lists ${entry.itemId} twice`);
      seen.add(entry.itemId);
      if (!refItem(ctx, FILE, `${at} sells`, entry.itemId)) continue;
      const item = m.items.byId.get(entry.itemId);
      if (item && !item.tradeable) issues.add(FILE, `${at} sells untradeable item ${entry.itemId}`);
    }
    if (m.npcs.known && !opened.has(store.id)) issues.add(FILE, `${at} is never opened by any dialogue`);
  }
}
