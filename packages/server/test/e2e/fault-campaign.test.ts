import { describe, expect, inject, it } from 'vitest';
import { runCampaign } from '../campaign/campaign';
import { DEFAULT_OPTIONS, type CampaignOptions } from '../campaign/options';
import { findPostgresBinaries } from '../campaign/postgres-control';
import { formatReport } from '../campaign/report';

/**
 * The fault campaign at a bounded size (docs/reliability.md, "The fault campaign"): bot players
 * trade, bank, buy, sell, drop, pick up and die while the server is killed with SIGKILL; on the
 * PostgreSQL pass of CI it runs on a private cluster it also stops and starts (the shared server is
 * never stopped), or, without PostgreSQL binaries, on a fresh database of the shared server with
 * kill -9 only. After every fault each item id's change of units must equal its item ledger's
 * change, and every trade a player was told completed must be in the trade log as they were told it.
 */
const url = process.env['DATABASE_URL'];
const binaries = url ? await findPostgresBinaries() : undefined;
const db: CampaignOptions['db'] = !url ? 'pglite' : binaries ? 'postgres' : 'external';
// On a private cluster four rounds bring each kind of fault once (kill -9, stop -m fast, stop -m
// immediate, kill -9 during an outage).
const rounds = db === 'postgres' ? 4 : 3;

describe(`the fault campaign (${db})`, () => {
  it(`keeps every item and every acknowledged trade through ${rounds} faults`, async () => {
    const options: CampaignOptions = {
      ...DEFAULT_OPTIONS,
      seed: 11,
      rounds,
      players: 4,
      db,
      databaseUrl: db === 'external' ? url : undefined,
      roundSeconds: 5,
      deadlineSeconds: 90,
      pgliteTarball: db === 'pglite' ? inject('storageTestTemplates').pgliteTarball : undefined,
    };
    const report = await runCampaign(options, () => undefined);
    const text = formatReport(report);
    expect(report.aborted, text).toBeUndefined();
    expect(
      report.faults.map((f) => f.round),
      text,
    ).toEqual(Array.from({ length: rounds }, (_, i) => i + 1));
    expect(report.checks.length, text).toBe(rounds + 1);
    // Only meaningful if the players really played: trades, and drops or pickups, happened.
    expect(
      Object.keys(report.outcomes).some((k) => k.startsWith('trade:completed')),
      text,
    ).toBe(true);
    expect(
      report.violations.map((v) => `[${v.check}] ${v.message}`),
      text,
    ).toEqual([]);
    expect(
      report.faults.every((f) => f.survived),
      text,
    ).toBe(true);
  }, 400_000);
});
