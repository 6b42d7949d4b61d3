/**
 * The campaign's judge: compares a database snapshot with the baseline, item id by item id, and
 * the trade audit log with the trades the players were told completed.
 *
 * With `item_ledger` in both snapshots the rule is exact for every item id: the change of its
 * units over all places equals the change of its ledger total. Without it the only rules this
 * workload can trigger are the shop's (coins paid and received, restock and decay) and despawns,
 * so each item id gets the interval of changes those could have made, from what the players sent
 * and saw: an item id no such rule could touch must not change at all (exact conservation).
 */
import { PLACES, type Place, type Snapshot, type Stack } from './db-reader';
import type { Journal, PileSeen, TradeAck } from './journal';
import type { WorldFacts } from './world-facts';

export type CheckMode = 'ledger' | 'exact' | 'bounded';

export interface ItemLine {
  itemId: string;
  before: number;
  after: number;
  delta: number;
  mode: CheckMode;
  /** The allowed change: the ledger's net change, or an interval. */
  low: number;
  high: number;
  ok: boolean;
}

export interface Violation {
  kind: 'item' | 'trade_missing' | 'shutdown' | 'crash' | 'recovery';
  /** Identifies the same finding across checks (a lost unit stays lost in every later check). */
  key: string;
  message: string;
  details: string[];
}

export interface CheckResult {
  index: number;
  label: string;
  round: number;
  features: Snapshot['features'];
  items: ItemLine[];
  tradesAcknowledged: number;
  tradesFound: number;
  /** Rows of trade_log that no player was told about (a crash between commit and message): allowed. */
  tradeRowsUnacknowledged: number;
  violations: Violation[];
}

export interface CheckContext {
  index: number;
  label: string;
  round: number;
  /** Server runs that ended since the previous check (their ground was lost unless persisted). */
  endedRuns: number[];
  /** Names of characters, for messages. */
  nameOf(characterId: string): string;
  /** What happened after a trade acknowledged at `atMs` in run `incarnation` (for messages). */
  describeTradeTiming(ack: TradeAck): string;
}

const canon = (stacks: readonly Stack[]): string => {
  const m = new Map<string, number>();
  for (const s of stacks) m.set(s.itemId, (m.get(s.itemId) ?? 0) + s.quantity);
  return [...m.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, q]) => `${id}x${q}`)
    .join(',');
};

/** One key for a trade whichever side the log calls A. */
const tradeKey = (x: string, fromX: readonly Stack[], y: string, fromY: readonly Stack[]): string =>
  x < y ? `${x}:${canon(fromX)}|${y}:${canon(fromY)}` : `${y}:${canon(fromY)}|${x}:${canon(fromX)}`;

function allowedChange(
  itemId: string,
  baseline: Snapshot,
  journal: Journal,
  facts: WorldFacts,
  despawn: Map<string, number>,
): [number, number] {
  let low = 0;
  let high = 0;
  if (itemId === 'coins') {
    low -= journal.coinsPaidMax;
    high += journal.coinsReceivedMax;
  }
  const bought = journal.bought.get(itemId) ?? 0;
  const sold = journal.sold.get(itemId) ?? 0;
  if (bought > 0 || sold > 0) {
    // Restock only refills a deficit (base - stock) and decay only drains a surplus: each is at
    // most what the shop started away from its base, plus what purchases or sales moved it.
    const base = facts.shopBase(itemId);
    const start = baseline.shopStock.get(facts.shop.storeId)?.get(itemId) ?? base;
    high += Math.max(0, base - start) + bought;
    low -= Math.max(0, start - base) + sold;
  }
  low -= despawn.get(itemId) ?? 0;
  return [low, high];
}

function placesOf(itemId: string, before: Snapshot, after: Snapshot): string {
  return PLACES.flatMap((p: Place) => {
    const b = before.places[p].get(itemId) ?? 0;
    const a = after.places[p].get(itemId) ?? 0;
    return b === 0 && a === 0 ? [] : [`${p} ${b}→${a}`];
  }).join(', ');
}

function holdersOf(
  itemId: string,
  before: Snapshot,
  after: Snapshot,
  nameOf: (id: string) => string,
): string {
  const ids = new Set([...before.characters.keys(), ...after.characters.keys()]);
  const out: string[] = [];
  for (const id of ids) {
    const b = before.characters.get(id)?.items.get(itemId) ?? 0;
    const a = after.characters.get(id)?.items.get(itemId) ?? 0;
    if (a !== b) out.push(`${nameOf(id)} ${b}→${a}`);
  }
  return out.length > 0 ? out.join(', ') : 'no character changed';
}

export function judge(
  baseline: Snapshot,
  now: Snapshot,
  journal: Journal,
  facts: WorldFacts,
  ctx: CheckContext,
): CheckResult {
  const violations: Violation[] = [];
  const withLedger = baseline.ledger !== undefined && now.ledger !== undefined;
  const despawn = withLedger ? new Map<string, number>() : journal.despawnAllowance();
  const ids = new Set<string>([...baseline.totals.keys(), ...now.totals.keys()]);
  for (const id of now.ledger?.keys() ?? []) ids.add(id);
  for (const id of baseline.ledger?.keys() ?? []) ids.add(id);
  const items: ItemLine[] = [];
  for (const itemId of [...ids].sort()) {
    const before = baseline.totals.get(itemId) ?? 0;
    const after = now.totals.get(itemId) ?? 0;
    const delta = after - before;
    let line: ItemLine;
    if (withLedger) {
      const net = (now.ledger?.get(itemId) ?? 0) - (baseline.ledger?.get(itemId) ?? 0);
      line = { itemId, before, after, delta, mode: 'ledger', low: net, high: net, ok: delta === net };
    } else {
      const [low, high] = allowedChange(itemId, baseline, journal, facts, despawn);
      const mode: CheckMode = low === 0 && high === 0 ? 'exact' : 'bounded';
      line = { itemId, before, after, delta, mode, low, high, ok: delta >= low && delta <= high };
    }
    items.push(line);
    if (line.ok) continue;
    const expected =
      line.mode === 'ledger'
        ? `the ledger's net change ${fmt(line.low)}`
        : line.mode === 'exact'
          ? 'no change (no rule of this workload creates or destroys it)'
          : `a change within [${fmt(line.low)}, ${fmt(line.high)}]`;
    const details = [
      `places: ${placesOf(itemId, baseline, now)}`,
      `characters: ${holdersOf(itemId, baseline, now, ctx.nameOf)}`,
    ];
    if (line.mode === 'ledger') {
      const reasons = [...(now.ledgerByReason?.get(itemId) ?? new Map<string, number>())]
        .map(([r, n]) => `${r} ${fmt(n - (baseline.ledgerByReason?.get(itemId)?.get(r) ?? 0))}`)
        .join(', ');
      details.push(`ledger since the baseline: ${reasons || 'nothing'}`);
    }
    const piles = ctx.endedRuns.flatMap((run) => journal.pilesOf(run).filter((p) => p.itemId === itemId));
    const list = (ps: PileSeen[]) =>
      ps
        .slice(0, 6)
        .map(
          (p) =>
            `${p.id}×${p.quantity}${p.droppedBy ? ` dropped by ${ctx.nameOf(p.droppedBy)}` : ''} at tick ${p.firstSeenTick}`,
        )
        .join('; ');
    const runs = ctx.endedRuns.join('/');
    const left = piles.filter((p) => !p.pickedUp);
    if (left.length > 0)
      details.push(
        `${left.reduce((n, p) => n + p.quantity, 0)} unit(s) lay on the ground, not picked up, when server run ${runs} ended` +
          `${now.features.groundRegions ? '' : ' (ground_regions does not exist: the ground is not saved)'}: ${list(left)}`,
      );
    const taken = piles.filter((p) => p.pickedUp);
    if (taken.length > 0)
      details.push(
        `${taken.reduce((n, p) => n + p.quantity, 0)} unit(s) were picked up from the ground in run ${runs} ` +
          `(a drop and a pickup are saved only with each player's next save): ${list(taken)}`,
      );
    violations.push({
      kind: 'item',
      key: `item:${itemId}:${delta}`,
      message: `${itemId}: expected ${expected}, found ${fmt(delta)} (${before} → ${after}): ${delta < 0 ? 'destroyed' : 'created'} outside the rules`,
      details,
    });
  }

  // Every trade a player was told completed must be in the audit log, with the same items.
  const trades = new Map<string, { ack: TradeAck; key: string }>();
  for (const ack of journal.tradeAcks) {
    const id = `${ack.incarnation}:${ack.tradeId}`;
    if (!trades.has(id))
      trades.set(id, { ack, key: tradeKey(ack.playerId, ack.given, ack.partnerId, ack.received) });
  }
  // A row whose id is the trade's id and whose content matches is that trade; the other rows are
  // matched by content (two characters and what each gave), as the log may use ids of its own.
  const rowKey = (r: (typeof now.trades)[number]) =>
    tradeKey(r.characterAId, r.itemsFromA, r.characterBId, r.itemsFromB);
  const byId = new Map(now.trades.map((r) => [r.id, r]));
  const takenById = new Set<string>();
  const pending: Array<{ ack: TradeAck; key: string }> = [];
  let found = 0;
  for (const t of [...trades.values()].sort((x, y) => x.ack.atMs - y.ack.atMs)) {
    const row = byId.get(t.ack.tradeId);
    if (row && !takenById.has(row.id) && rowKey(row) === t.key) {
      takenById.add(row.id);
      found++;
    } else pending.push(t);
  }
  const pool = new Map<string, number>();
  for (const r of now.trades) if (!takenById.has(r.id)) pool.set(rowKey(r), (pool.get(rowKey(r)) ?? 0) + 1);
  const describe = (a: TradeAck) =>
    `${ctx.nameOf(a.playerId)} gave ${canon(a.given) || 'nothing'}, ${ctx.nameOf(a.partnerId)} gave ${canon(a.received) || 'nothing'}`;
  for (const { ack, key } of pending) {
    const left = pool.get(key) ?? 0;
    if (left > 0) {
      pool.set(key, left - 1);
      found++;
      continue;
    }
    const sameId = byId.get(ack.tradeId);
    violations.push({
      kind: 'trade_missing',
      key: `trade_missing:${ack.incarnation}:${ack.tradeId}`,
      message: `acknowledged trade ${ack.tradeId} (run ${ack.incarnation}, round ${ack.round}) is not in trade_log`,
      details: [
        describe(ack),
        ctx.describeTradeTiming(ack),
        ...(sameId
          ? [
              `a row with this id holds other items: ${canon(sameId.itemsFromA)} | ${canon(sameId.itemsFromB)}`,
            ]
          : []),
      ],
    });
  }
  const unacknowledged = [...pool.values()].reduce((n, v) => n + v, 0);
  return {
    index: ctx.index,
    label: ctx.label,
    round: ctx.round,
    features: now.features,
    items,
    tradesAcknowledged: trades.size,
    tradesFound: found,
    tradeRowsUnacknowledged: unacknowledged,
    violations,
  };
}

export const fmt = (n: number): string => (n > 0 ? `+${n}` : String(n));
