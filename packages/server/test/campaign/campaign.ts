/**
 * The fault campaign: a real server process on a fresh world, N bot players doing random economy
 * actions, and one fault per round (`kill -9` of the server; with a private PostgreSQL also
 * `pg_ctl stop -m fast|immediate` for a moment while the server runs, sometimes with a kill during
 * the outage). After every fault the players are paused, the server's saves are committed (it was
 * killed, or it is stopped with SIGTERM, which flushes them) and the database is checked against
 * the baseline taken after the players' characters were created. See docs/reliability.md, "The
 * fault campaign".
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CampaignBot, describe, Signal, type Control } from './bots';
import { judge, type CheckResult, type Violation } from './checker';
import { PLACES, readSnapshot, type Snapshot } from './db-reader';
import { Fleet } from './fleet';
import { Journal } from './journal';
import type { CampaignOptions } from './options';
import type { ExternalDatabase } from './postgres-control';
import { PrivateCluster, type StopMode } from './postgres-control';
import { collectViolations, type CampaignReport, type FaultKind, type FaultRecord } from './report';
import { Rng } from './rng';
import { freePort } from '../free-port';
import { ServerControl } from './server-control';
import { prepareStorage } from './storage-setup';
import { loadWorldFacts, type WorldFacts } from './world-facts';

const ADMIN_CODE = 'campaign-admin-code';
/** What the server must not inherit from this process: the campaign chooses its database itself. */
const UNSET = ['DATABASE_URL', 'USE_LOCAL_POSTGRES', 'FAILPOINTS', 'INPUT_LOG', 'WORLD_SEED', 'PORT', 'HOST'];

/** Teardowns of the campaigns running in this process, for {@link stopCampaigns} on a signal. */
const emergencies = new Set<() => Promise<void>>();

/** Stops every running campaign's server, PostgreSQL and work directory (the CLI calls it on SIGINT/SIGTERM). */
export async function stopCampaigns(): Promise<void> {
  await Promise.all([...emergencies].map((t) => t().catch(() => undefined)));
}

interface Timeline {
  atMs: number;
  run: number;
  text: string;
}

export async function runCampaign(
  opts: CampaignOptions,
  print: (line: string) => void,
): Promise<CampaignReport> {
  const t0 = Date.now();
  const deadlineMs = opts.deadlineSeconds * 1000;
  const at = () => Date.now() - t0;
  const journal = new Journal();
  const schedule = new Rng(opts.seed).fork('faults');
  const botRng = new Rng(opts.seed);
  const serverLog = new Map<string, number>();
  const report: CampaignReport = {
    options: opts,
    durationMs: 0,
    aborted: undefined,
    notes: [],
    faults: [],
    checks: [],
    violations: [],
    outcomes: {},
    drops: {},
    serverLog: {},
    serverStarts: 0,
    heldItems: [],
    baselineTaken: false,
    workDir: undefined,
  };
  const extra: Array<Violation & { check: string }> = [];
  const timeline: Timeline[] = [];
  const ctl: Control = {
    phase: 'paused',
    serverUp: false,
    signal: new Signal(),
    journal,
    wsUrl: '',
    adminCode: ADMIN_CODE,
    incarnation: 0,
    round: 0,
    startedAt: t0,
    log: (line) => {
      if (opts.verbose) print(`  [${(at() / 1000).toFixed(1)} s] ${line}`);
    },
  };
  const event = (text: string) => {
    timeline.push({ atMs: at(), run: ctl.incarnation, text });
    ctl.log(text);
  };

  const work = await mkdtemp(join(tmpdir(), 'tilerealm-campaign-'));
  const world = join(work, 'world');
  let cluster: PrivateCluster | undefined;
  let external: ExternalDatabase | undefined;
  let server: ServerControl | undefined;
  let fleet: Fleet | undefined;
  const bots: CampaignBot[] = [];
  let facts: WorldFacts | undefined;
  let baseline: Snapshot | undefined;
  let latest: Snapshot | undefined;
  let endedRuns: number[] = [];
  let tornDown: Promise<void> | undefined;
  /** Stops everything the campaign started, once: players, server, PostgreSQL, the work directory. */
  const teardown = (): Promise<void> =>
    (tornDown ??= (async () => {
      ctl.phase = 'finished';
      ctl.signal.notify();
      await Promise.all(bots.map((b) => b.disconnect()));
      await fleet?.finish().catch(() => undefined);
      if (server) {
        report.serverStarts = server.starts;
        await server.close();
      }
      const problems = [
        ...((await cluster?.destroy(!opts.keep)) ?? []),
        ...((await external?.destroy()) ?? []),
      ];
      report.notes.push(...problems.map((p) => `cleanup: ${p}`));
      if (opts.keep) report.workDir = cluster ? `${work} (PostgreSQL: ${cluster.root})` : work;
      else await rm(work, { recursive: true, force: true });
    })());
  emergencies.add(teardown);
  try {
    facts = await loadWorldFacts();
    const { env, target, note } = await prepareStorage(opts, world, (db) => {
      if (db instanceof PrivateCluster) cluster = db;
      else external = db;
    });
    env['ADMIN_CODE'] = ADMIN_CODE;
    report.notes.push(note);
    const srv = new ServerControl(
      await freePort(),
      env,
      UNSET,
      join(work, 'server.log'),
      (line) => {
        try {
          const entry = JSON.parse(line) as { level?: number; msg?: string };
          if ((entry.level ?? 0) >= 40 && entry.msg)
            serverLog.set(entry.msg, (serverLog.get(entry.msg) ?? 0) + 1);
        } catch {
          // A line that is not JSON (a stack trace, tsx output) is kept in the log file and the tail only.
        }
      },
      (info) => {
        // The server died by itself: the players stop trying to log in until the campaign restarts it.
        ctl.serverUp = false;
        event(
          `server run ${ctl.incarnation} exited by itself (code ${info.code ?? '-'}, signal ${info.signal ?? '-'})`,
        );
        ctl.signal.notify();
      },
    );
    server = srv;
    ctl.wsUrl = srv.wsUrl;
    const f: WorldFacts = facts;

    const startServer = async () => {
      const ms = await srv.start(deadlineMs);
      ctl.incarnation += 1;
      ctl.serverUp = true;
      event(`server run ${ctl.incarnation} up in ${(ms / 1000).toFixed(1)} s`);
    };
    const loginAll = async (): Promise<string[]> => {
      const deadline = Date.now() + deadlineMs;
      const failures = await Promise.all(
        bots.map((b) =>
          b.connect(deadline).then(
            () => undefined,
            (err: unknown) => describe(err),
          ),
        ),
      );
      return failures.filter((x): x is string => x !== undefined);
    };
    const serverGone = async () => {
      ctl.serverUp = false;
      endedRuns.push(ctl.incarnation);
      await Promise.all(bots.map((b) => b.disconnect()));
    };
    /** Pause the players, then SIGTERM: the server flushes its saves (the ground's included). */
    const quiesceAndStop = async (problems: string[]) => {
      await fleet?.pause(Date.now() + deadlineMs);
      const crashed = !srv.running;
      if (crashed) problems.push('the server process had exited by itself (see the crash below)');
      ctl.serverUp = false;
      const res = await srv.stop(30_000);
      if (!crashed) {
        event(
          `server run ${ctl.incarnation} stopped (SIGTERM) in ${((res?.ms ?? 0) / 1000).toFixed(1)} s, exit ${res?.code ?? res?.signal ?? '-'}`,
        );
        if (res?.hung)
          problems.push('SIGTERM did not stop the server within 30 s (killed): its saves were blocked');
        else if (res && res.code !== 0)
          problems.push(
            `the server's shutdown exited with status ${res.code ?? res.signal} (forced: its saves did not all commit in time)`,
          );
      }
      await serverGone();
    };
    const check = async (label: string): Promise<CheckResult | undefined> => {
      const snap = await readSnapshot(target, f.stores);
      latest = snap;
      if (!baseline) {
        baseline = snap;
        endedRuns = [];
        return undefined;
      }
      const names = new Map([...snap.characters].map(([id, c]) => [id, c.name]));
      const result = judge(baseline, snap, journal, {
        index: report.checks.length + 1,
        label,
        round: ctl.round,
        endedRuns,
        nameOf: (id) => names.get(id) ?? id,
        describeTradeTiming: (ack) => {
          const near = timeline.filter((e) => e.run === ack.incarnation && e.atMs >= ack.atMs - 5000);
          return `acknowledged at ${(ack.atMs / 1000).toFixed(2)} s; around it: ${near.map((e) => `${e.text} at ${(e.atMs / 1000).toFixed(2)} s`).join('; ') || 'nothing'}`;
        },
      });
      endedRuns = [];
      report.checks.push(result);
      print(
        `  check ${result.index} (${label}): ${result.violations.length === 0 ? 'ok' : `${result.violations.length} violation(s)`}`,
      );
      return result;
    };

    // Setup: the players' characters, then the baseline from a clean stop.
    print(
      `campaign: seed ${opts.seed}, ${opts.rounds} rounds, ${opts.players} players, db ${opts.db}; work dir ${work}`,
    );
    await startServer();
    for (let i = 0; i < opts.players; i++) {
      const b = new CampaignBot(i, botRng.fork(`bot${i}`), ctl);
      await b.connect(Date.now() + deadlineMs);
      bots.push(b);
    }
    fleet = new Fleet(bots, ctl, f);
    fleet.start();
    const setupProblems: string[] = [];
    await quiesceAndStop(setupProblems);
    if (setupProblems.length > 0)
      throw new Error(`the setup's clean stop failed: ${setupProblems.join('; ')}`);
    await check('baseline');
    const units = [...(baseline?.totals.values() ?? [])].reduce((a, b) => a + b, 0);
    print(`  baseline: ${units} units of items in ${bots.length} characters and the shops`);
    await startServer();
    const first = await loginAll();
    if (first.length > 0) throw new Error(`players could not log in after the baseline: ${first.join('; ')}`);

    // Every kind of fault comes once in each run of as many rounds as there are kinds, in a seeded order.
    const kinds: FaultKind[] = cluster
      ? ['kill9', 'pg_stop_fast', 'pg_stop_immediate', 'kill9_during_pg_outage']
      : ['kill9'];
    const faultOrder: FaultKind[] = [];
    while (faultOrder.length < opts.rounds) {
      const bag = [...kinds];
      while (bag.length > 0) faultOrder.push(...bag.splice(schedule.int(0, bag.length - 1), 1));
    }
    for (let round = 1; round <= opts.rounds; round++) {
      ctl.round = round;
      const kind = faultOrder[(round - 1) % faultOrder.length] ?? 'kill9';
      const waitMs = Math.round(schedule.between(0.3, 1) * opts.roundSeconds * 1000);
      const outageMs = Math.round(schedule.between(500, 3000));
      const afterMs = Math.round(schedule.between(500, 2500));
      const stopMode: StopMode = schedule.chance(0.5) ? 'fast' : 'immediate';
      const fault: FaultRecord = { round, kind, atMs: 0, detail: '', survived: true, problems: [] };
      report.faults.push(fault);
      fleet.resume();
      // The workload runs; the fault lands at a random moment of it.
      await sleep(waitMs);
      fault.atMs = at();
      if (!srv.running) fault.problems.push('the server process had exited by itself before the fault');
      if (kind === 'kill9') {
        ctl.serverUp = false;
        await srv.kill9();
        event('server killed (SIGKILL)');
        fault.detail = `after ${(waitMs / 1000).toFixed(1)} s of workload`;
        await fleet.pause(Date.now() + deadlineMs);
        await serverGone();
      } else {
        const mode: StopMode =
          kind === 'pg_stop_fast' ? 'fast' : kind === 'pg_stop_immediate' ? 'immediate' : stopMode;
        const c = cluster;
        if (!c) throw new Error('no private cluster');
        await c.stop(mode);
        event(`PostgreSQL stopped (-m ${mode})`);
        // The players keep going while the database is down.
        await sleep(outageMs);
        if (kind === 'kill9_during_pg_outage') {
          if (!srv.running)
            fault.problems.push(
              'the server process exited by itself during the outage (see the crash below)',
            );
          ctl.serverUp = false;
          await srv.kill9();
          event('server killed (SIGKILL) during the outage');
          await fleet.pause(Date.now() + deadlineMs);
          await serverGone();
          await c.start();
          event('PostgreSQL started again');
          fault.detail = `PostgreSQL (-m ${mode}) down ${(outageMs / 1000).toFixed(1)} s, server killed during the outage`;
        } else {
          await c.start();
          event('PostgreSQL started again');
          await sleep(afterMs);
          await quiesceAndStop(fault.problems);
          fault.detail = `PostgreSQL down ${(outageMs / 1000).toFixed(1)} s; server stopped (SIGTERM) ${(afterMs / 1000).toFixed(1)} s after it came back`;
        }
      }
      await check(`after round ${round} (${kind})`);
      try {
        await startServer();
        const refused = await loginAll();
        if (refused.length > 0) fault.problems.push(`players could not log in again: ${refused.join('; ')}`);
      } catch (err) {
        fault.problems.push(`the server did not come back: ${describe(err)}`);
      }
      fault.survived = fault.problems.length === 0;
      print(
        `round ${round}: ${kind} ${fault.detail}${fault.survived ? '' : ` — ${fault.problems.join('; ')}`}`,
      );
      for (const p of fault.problems)
        extra.push({
          kind: 'recovery',
          key: `recovery:${round}`,
          message: `round ${round} (${kind}): ${p}`,
          details: [],
          check: `round ${round}`,
        });
      if (!ctl.serverUp) {
        report.aborted = `the server could not be started again after round ${round}`;
        break;
      }
    }
    if (ctl.serverUp) {
      const problems: string[] = [];
      await quiesceAndStop(problems);
      await check('final (clean stop)');
      for (const p of problems)
        extra.push({ kind: 'shutdown', key: 'shutdown:final', message: p, details: [], check: 'final' });
    }
    for (const u of srv.unexpectedExits)
      extra.push({
        kind: 'crash',
        key: `crash:${u.start}`,
        message: `server run ${u.start} exited by itself (code ${u.code ?? '-'}, signal ${u.signal ?? '-'})`,
        details: u.lastLines,
        check: '-',
      });
  } catch (err) {
    report.aborted = describe(err);
    if (server) report.notes.push(`last server output:\n${server.lastLines(12).join('\n')}`);
  } finally {
    await teardown();
    emergencies.delete(teardown);
  }
  const held = new Set<string>();
  for (const snap of [baseline, latest])
    for (const place of PLACES)
      if (place !== 'shop') for (const id of snap?.places[place].keys() ?? []) held.add(id);
  report.heldItems = [...held].sort();
  report.baselineTaken = baseline !== undefined;
  report.violations = collectViolations(report.checks, extra);
  report.outcomes = Object.fromEntries(journal.outcomes);
  report.drops = Object.fromEntries([...journal.drops].map(([c, n]) => [String(c), n]));
  report.serverLog = Object.fromEntries(serverLog);
  report.durationMs = at();
  return report;
}
