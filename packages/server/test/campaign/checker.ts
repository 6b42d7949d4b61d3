/**
 * The campaign's judge: compares a database snapshot with the baseline, item id by item id, and
 * the trade audit log with the trades the players were told completed.
 *
 * Items: for every item id, the change of its units over all places (docs/reliability.md: every
 * item is always in exactly one saved place) must equal the change of its `item_ledger` total,
 * which the server commits with the state it changed. Any other change is an item created or
 * destroyed outside the rules: a duplicate or a loss.
 *
 * Trades: every `tradeCompleted` a player received must be the `trade_log` row whose id is the
 * trade's id, between the same two characters, each having given what the player was told.
 */
import { PLACES, type Place, type Snapshot, type Stack, type TradeRow } from './db-reader';
import type { Journal, PileSeen, TradeAck } from './journal';

export interface ItemLine {
  itemId: string;
  before: number;
  after: number;
  delta: number;
  /** The allowed change: the net change of the item's ledger totals since the baseline. */
  ledger: number;
  ok: boolean;
}

export interface Violation {
  kind: 'item' | 'trade_missing' | 'trade_mismatch' | 'shutdown' | 'crash' | 'recovery';
  /** Identifies the same finding across checks (a lost unit stays lost in every later check). */
  key: string;
  message: string;
  details: string[];
}

export interface CheckResult {
  index: number;
  label: string;
  round: number;
  items: ItemLine[];
  /** Trades some player was told completed (distinct trade ids). */
  tradesAcknowledged: number;
  /** Of those, the ones whose trade_log row matches what every player was told. */
  tradesFound: number;
  /** Rows of trade_log that no player was told about (a crash between commit and message): allowed. */
  tradeRowsUnacknowledged: number;
  violations: Violation[];
}

export interface CheckContext {
  index: number;
  label: string;
  round: number;
  /** Server runs that ended since the previous check (for the piles named next to an item finding). */
  endedRuns: number[];
  /** Names of characters, for messages. */
  nameOf(characterId: string): string;
  /** What happened around the moment a trade was acknowledged (for messages). */
  describeTradeTiming(ack: TradeAck): string;
}

/** Stacks as one canonical string: item ids sorted, quantities of the same id summed. */
const canon = (stacks: readonly Stack[]): string => {
  const m = new Map<string, number>();
  for (const s of stacks) m.set(s.itemId, (m.get(s.itemId) ?? 0) + s.quantity);
  return [...m.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, q]) => `${id}x${q}`)
    .join(',');
};

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

function judgeItems(
  baseline: Snapshot,
  now: Snapshot,
  journal: Journal,
  ctx: CheckContext,
  violations: Violation[],
): ItemLine[] {
  const ids = new Set<string>([
    ...baseline.totals.keys(),
    ...now.totals.keys(),
    ...baseline.ledger.keys(),
    ...now.ledger.keys(),
  ]);
  const items: ItemLine[] = [];
  for (const itemId of [...ids].sort()) {
    const before = baseline.totals.get(itemId) ?? 0;
    const after = now.totals.get(itemId) ?? 0;
    const delta = after - before;
    const ledger = (now.ledger.get(itemId) ?? 0) - (baseline.ledger.get(itemId) ?? 0);
    const line: ItemLine = { itemId, before, after, delta, ledger, ok: delta === ledger };
    items.push(line);
    if (line.ok) continue;
    const reasons = [...(now.ledgerByReason.get(itemId) ?? new Map<string, number>())]
      .map(([r, n]) => [r, n - (baseline.ledgerByReason.get(itemId)?.get(r) ?? 0)] as const)
      .filter(([, n]) => n !== 0)
      .map(([r, n]) => `${r} ${fmt(n)}`)
      .join(', ');
    const details = [
      `places: ${placesOf(itemId, baseline, now)}`,
      `characters: ${holdersOf(itemId, baseline, now, ctx.nameOf)}`,
      `ledger since the baseline: ${reasons || 'nothing'}`,
    ];
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
        `piles of it the players saw and did not pick up in server run ${runs} (${left.reduce((n, p) => n + p.quantity, 0)} unit(s)): ${list(left)}`,
      );
    const taken = piles.filter((p) => p.pickedUp);
    if (taken.length > 0)
      details.push(
        `piles of it picked up in server run ${runs} (${taken.reduce((n, p) => n + p.quantity, 0)} unit(s)): ${list(taken)}`,
      );
    const off = delta - ledger;
    violations.push({
      kind: 'item',
      // The unexplained part: the same finding keeps its key while the ledger moves on.
      key: `item:${itemId}:${off}`,
      message: `${itemId}: expected the ledger's net change ${fmt(ledger)}, found ${fmt(delta)} (${before} → ${after}): ${Math.abs(off)} unit(s) ${off < 0 ? 'destroyed' : 'created'} outside the rules`,
      details,
    });
  }
  return items;
}

/** Why `row` is not the trade `ack` tells of (undefined when it is). */
function mismatch(ack: TradeAck, row: TradeRow): string | undefined {
  const [mine, theirs] =
    row.characterAId === ack.playerId
      ? [row.itemsFromA, row.itemsFromB]
      : row.characterBId === ack.playerId
        ? [row.itemsFromB, row.itemsFromA]
        : [undefined, undefined];
  const partner = row.characterAId === ack.playerId ? row.characterBId : row.characterAId;
  if (!mine || !theirs || partner !== ack.partnerId) return 'it is between other characters';
  if (canon(mine) !== canon(ack.given)) return `it says ${canon(mine) || 'nothing'} was given`;
  if (canon(theirs) !== canon(ack.received)) return `it says ${canon(theirs) || 'nothing'} was received`;
  return undefined;
}

function judgeTrades(
  now: Snapshot,
  journal: Journal,
  ctx: CheckContext,
  violations: Violation[],
): Pick<CheckResult, 'tradesAcknowledged' | 'tradesFound' | 'tradeRowsUnacknowledged'> {
  // Both players of a trade are told; each one's account must match the row.
  const acks = new Map<string, TradeAck[]>();
  for (const ack of journal.tradeAcks) acks.set(ack.tradeId, [...(acks.get(ack.tradeId) ?? []), ack]);
  const rows = new Map(now.trades.map((r) => [r.id, r]));
  const describe = (a: TradeAck) =>
    `${ctx.nameOf(a.playerId)} was told: gave ${canon(a.given) || 'nothing'} to ${ctx.nameOf(a.partnerId)}, received ${canon(a.received) || 'nothing'}`;
  let found = 0;
  for (const [tradeId, told] of acks) {
    const first = told[0];
    if (!first) continue;
    const row = rows.get(tradeId);
    if (!row) {
      violations.push({
        kind: 'trade_missing',
        key: `trade_missing:${tradeId}`,
        message: `acknowledged trade ${tradeId} (run ${first.incarnation}, round ${first.round}) is not in trade_log`,
        details: [...told.map(describe), ctx.describeTradeTiming(first)],
      });
      continue;
    }
    const wrong = told.flatMap((ack) => {
      const why = mismatch(ack, row);
      return why ? [`${describe(ack)}; ${why}`] : [];
    });
    if (wrong.length === 0) {
      found++;
      continue;
    }
    violations.push({
      kind: 'trade_mismatch',
      key: `trade_mismatch:${tradeId}`,
      message: `acknowledged trade ${tradeId} (run ${first.incarnation}, round ${first.round}) is in trade_log with other characters or items`,
      details: [
        `row: ${ctx.nameOf(row.characterAId)} gave ${canon(row.itemsFromA) || 'nothing'}, ${ctx.nameOf(row.characterBId)} gave ${canon(row.itemsFromB) || 'nothing'}`,
        ...wrong,
      ],
    });
  }
  return {
    tradesAcknowledged: acks.size,
    tradesFound: found,
    tradeRowsUnacknowledged: now.trades.filter((r) => !acks.has(r.id)).length,
  };
}

export function judge(baseline: Snapshot, now: Snapshot, journal: Journal, ctx: CheckContext): CheckResult {
  const violations: Violation[] = [];
  const items = judgeItems(baseline, now, journal, ctx, violations);
  const trades = judgeTrades(now, journal, ctx, violations);
  return { index: ctx.index, label: ctx.label, round: ctx.round, items, ...trades, violations };
}

export const fmt = (n: number): string => (n > 0 ? `+${n}` : String(n));
