/**
 * The campaign's report: what it did (faults by kind, checks, the players' actions), the invariant
 * it checked, item totals before and after with the ledger's change, and every violation with what
 * is needed to reproduce it. Printed as text, optionally as JSON.
 */
import { fmt, type CheckResult, type ItemLine, type Violation } from './checker';
import type { CampaignOptions } from './options';

export type FaultKind = 'kill9' | 'pg_stop_fast' | 'pg_stop_immediate' | 'kill9_during_pg_outage';

export interface FaultRecord {
  round: number;
  kind: FaultKind;
  /** Milliseconds since the campaign started. */
  atMs: number;
  detail: string;
  /** The server came back (or stayed up), every player logged in again and its shutdown was clean. */
  survived: boolean;
  problems: string[];
}

export interface CampaignReport {
  options: CampaignOptions;
  durationMs: number;
  /** Set when the campaign could not go on (the reason); the checks done until then still count. */
  aborted: string | undefined;
  notes: string[];
  faults: FaultRecord[];
  checks: CheckResult[];
  /** The findings, each once (at the first check that saw it), with the check's label. */
  violations: Array<Violation & { check: string }>;
  outcomes: Record<string, number>;
  /** Close codes players got while the server ran, and how often. */
  drops: Record<string, number>;
  /** Warnings and errors the server logged, by message, and how often. */
  serverLog: Record<string, number>;
  serverStarts: number;
  /** Whether the baseline was read (the first check). */
  baselineTaken: boolean;
  /** Item ids some character, death or pile held at the baseline or the last check. */
  heldItems: string[];
  workDir: string | undefined;
}

export function collectViolations(
  checks: readonly CheckResult[],
  extra: ReadonlyArray<Violation & { check: string }>,
): Array<Violation & { check: string }> {
  const seen = new Set<string>();
  const out: Array<Violation & { check: string }> = [];
  for (const c of checks)
    for (const v of c.violations) {
      if (seen.has(v.key)) continue;
      seen.add(v.key);
      out.push({ ...v, check: c.label });
    }
  return [...out, ...extra];
}

function invariantText(c: CheckResult | undefined): string[] {
  if (!c) return ['no check ran'];
  return [
    `exact conservation for all ${c.items.length} item ids: change of units over inventories, banks, equipment, ` +
      'coin pouches, shop stock, death locks and ground regions = change of the item_ledger totals',
    'every acknowledged trade is the trade_log row of its id, with the characters and items each player was told',
  ];
}

export function formatReport(r: CampaignReport): string {
  const o = r.options;
  const out: string[] = [];
  out.push('');
  out.push(
    `fault campaign: seed ${o.seed}, ${o.rounds} rounds, ${o.players} players, db ${o.db}, tick ${o.tickMs} ms, ` +
      `auto-save ${o.saveIntervalSeconds} s, ${(r.durationMs / 1000).toFixed(1)} s`,
  );
  if (r.aborted) out.push(`ABORTED: ${r.aborted}`);
  for (const n of r.notes) out.push(`note: ${n}`);
  const byKind = new Map<string, number>();
  for (const f of r.faults) byKind.set(f.kind, (byKind.get(f.kind) ?? 0) + 1);
  const survived = r.faults.filter((f) => f.survived).length;
  out.push(
    `faults injected: ${r.faults.length} (${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}); survived: ${survived}`,
  );
  for (const f of r.faults)
    out.push(
      `  round ${f.round}: ${f.kind} at ${(f.atMs / 1000).toFixed(1)} s, ${f.detail}${f.survived ? '' : ` — NOT SURVIVED: ${f.problems.join('; ')}`}`,
    );
  const failed = r.checks.filter((c) => c.violations.length > 0).length;
  const all = r.checks.length + (r.baselineTaken ? 1 : 0);
  out.push(
    `checks run: ${all} (${r.baselineTaken ? 'baseline' : 'no baseline'} + ${r.checks.length}); failed: ${failed}`,
  );
  for (const c of r.checks)
    out.push(
      `  ${c.label}: ${c.violations.length === 0 ? 'ok' : `${c.violations.length} violation(s)`}; trades acknowledged ${c.tradesAcknowledged}, ` +
        `in trade_log as told ${c.tradesFound}, logged but never acknowledged ${c.tradeRowsUnacknowledged}`,
    );
  const last = r.checks[r.checks.length - 1];
  out.push('invariant checked:');
  for (const l of invariantText(last)) out.push(`  ${l}`);
  if (last) {
    // Items that only ever sat, unchanged, on shop shelves are summed up in one line.
    const quiet = (i: ItemLine) => i.ok && i.delta === 0 && !r.heldItems.includes(i.itemId);
    out.push("item totals (baseline → last check; the change must equal the ledger's):");
    out.push(
      `  ${'item'.padEnd(22)} ${'before'.padStart(7)} ${'after'.padStart(7)} ${'change'.padStart(7)} ${'ledger'.padStart(7)}`,
    );
    for (const i of last.items.filter((x) => !quiet(x))) {
      out.push(
        `  ${i.itemId.padEnd(22)} ${String(i.before).padStart(7)} ${String(i.after).padStart(7)} ${fmt(i.delta).padStart(7)} ${fmt(i.ledger).padStart(7)}${i.ok ? '' : '  VIOLATION'}`,
      );
    }
    const rest = last.items.filter(quiet).length;
    if (rest > 0) out.push(`  (and ${rest} item ids only on shop shelves, unchanged)`);
  }
  const actions = Object.entries(r.outcomes).sort(([a], [b]) => (a < b ? -1 : 1));
  out.push(`player actions: ${actions.map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`);
  if (Object.keys(r.drops).length > 0)
    out.push(
      `players disconnected by the running server: ${Object.entries(r.drops)
        .map(([c, n]) => `close ${c} ×${n}`)
        .join(', ')}`,
    );
  const logs = Object.entries(r.serverLog).sort(([, a], [, b]) => b - a);
  if (logs.length > 0) {
    out.push('server warnings and errors:');
    for (const [msg, n] of logs.slice(0, 12)) out.push(`  ×${n} ${msg}`);
  }
  if (r.violations.length === 0) out.push(r.aborted ? 'RESULT: campaign aborted' : 'RESULT: no violation');
  else {
    out.push(`VIOLATIONS (${r.violations.length}):`);
    for (const v of r.violations) {
      out.push(`  [${v.check}] ${v.message}`);
      for (const d of v.details) out.push(`      ${d}`);
    }
    out.push(
      `RESULT: ${r.violations.length} violation(s); reproduce with --seed ${o.seed} --rounds ${o.rounds} --players ${o.players} --db ${o.db}`,
    );
  }
  if (r.workDir) out.push(`work directory kept: ${r.workDir}`);
  return out.join('\n');
}
