import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUse } from '../storage/types';
import type { WireTraffic } from '../transport/ws/traffic';
import type { TickObserver } from '../world/world-host';
import type { StepGcTotals } from '../world/step-gc';
import type { SaveQueueStatus } from '../world/save-queue-types';
import { METRIC_PREFIX, processMetrics } from './process-metrics';

/** Tick and phase durations, in seconds: fine below a millisecond, and the 600 ms budget itself. */
export const TICK_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.45, 0.6, 1, 2.5,
];
/** Save transactions, in seconds: a healthy database commits in milliseconds; its statement timeout is 10 s. */
export const SAVE_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** HTTP requests, in seconds. */
export const HTTP_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request no route matched (404s of unknown paths): never the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** What the server's metrics read; each part is optional (the HTTP-only test app has none of them). */
export interface ServerMetricSources {
  /** The running world: tick figures as they happen, players at scrape time. */
  world?: {
    readonly tickMs: number;
    playersOnline(): number;
    observeTicks(observer: TickObserver): void;
    loopCounters(): { skipped: number; failed: number };
    viewChunks(): { worker: number; world: number };
    gcInSteps(): StepGcTotals;
  };
  /** The WebSocket gateway: its running totals and the sessions attached to players. */
  gateway?: { readonly traffic: WireTraffic; readonly connected: number };
  /** The write-behind save queue. */
  saves?: {
    status(): SaveQueueStatus;
    readonly locksSaved: number;
    readonly recordsSaved: number;
    observeBatches(observer: (ms: number, outcome: 'committed' | 'failed') => void): void;
  };
  /** The database: its kind, and its pool's use where it has one (PostgreSQL). */
  database?: { kind: string; pool?(): PoolUse };
  /** The build, shown as labels of `tilerealm_build_info`. */
  build?: { version: string; commit: string };
}

/**
 * One server's Prometheus metrics, in a registry of its own (several servers may run in one
 * process: tests). Almost everything is read at scrape time from figures the server keeps anyway
 * (collect callbacks); only the tick, the save batches and the HTTP requests record as they
 * happen, each with one pre-labelled observation. See docs/operations.md, "Metrics".
 */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** HTTP label children by "method route status", so a request costs no label hashing. */
  private readonly httpChildren = new Map<string, Histogram.Internal<'method' | 'route' | 'status_code'>>();

  constructor(sources: ServerMetricSources = {}) {
    const registers = [this.registry];
    const name = (n: string) => METRIC_PREFIX + n;
    this.httpDuration = new Histogram({
      name: name('http_request_duration_seconds'),
      help: 'HTTP requests by method, routed pattern (or "unmatched") and status code, in seconds.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    if (sources.build) {
      const { version, commit } = sources.build;
      new Gauge({
        name: name('build_info'),
        help: 'Always 1; the labels name the running build.',
        labelNames: ['version', 'commit'],
        registers,
      }).set({ version, commit }, 1);
    }
    if (sources.world) this.worldMetrics(sources.world);
    if (sources.gateway) this.gatewayMetrics(sources.gateway);
    if (sources.saves) this.saveMetrics(sources.saves);
    if (sources.database) this.databaseMetrics(sources.database);
  }

  /** Records one HTTP request (`route`: the routed pattern, or {@link UNMATCHED_ROUTE}). */
  observeHttp(method: string, route: string, statusCode: number, seconds: number): void {
    const key = `${method} ${route} ${statusCode}`;
    let child = this.httpChildren.get(key);
    if (!child) {
      child = this.httpDuration.labels(method, route, String(statusCode));
      this.httpChildren.set(key, child);
    }
    child.observe(seconds);
  }

  /** The exposition: the process's metrics, then this server's. */
  async text(): Promise<string> {
    const [own, proc] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return `${proc.endsWith('\n') ? proc : `${proc}\n`}${own}`;
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private worldMetrics(world: NonNullable<ServerMetricSources['world']>): void {
    const registers = [this.registry];
    const tick = new Histogram({
      name: METRIC_PREFIX + 'tick_duration_seconds',
      help: "The world's step per tick (every phase together), in seconds.",
      buckets: TICK_BUCKETS,
      registers,
    });
    const phase = new Histogram({
      name: METRIC_PREFIX + 'tick_phase_duration_seconds',
      help: "Each phase of the world's step per tick, in seconds.",
      labelNames: ['phase'],
      buckets: TICK_BUCKETS,
      registers,
    });
    const delivery = new Histogram({
      name: METRIC_PREFIX + 'tick_delivery_duration_seconds',
      help: "Delivering each tick's events after the step (queueing, encoding and sending every frame), in seconds.",
      buckets: TICK_BUCKETS,
      registers,
    });
    const phases = new Map<string, Histogram.Internal<'phase'>>();
    world.observeTicks((report, deliveryMs) => {
      tick.observe(report.totalMs / 1000);
      for (const p of report.phases) {
        let child = phases.get(p.name);
        if (!child) phases.set(p.name, (child = phase.labels(p.name)));
        child.observe(p.ms / 1000);
      }
      delivery.observe(deliveryMs / 1000);
    });
    new Gauge({
      name: METRIC_PREFIX + 'tick_budget_seconds',
      help: 'The tick length: a tick (step plus delivery) longer than this delays the next one.',
      registers,
    }).set(world.tickMs / 1000);
    counter(
      this.registry,
      'ticks_skipped_total',
      'Ticks skipped because the process fell behind.',
      () => world.loopCounters().skipped,
    );
    counter(
      this.registry,
      'ticks_failed_total',
      'Ticks whose step threw (the world ticks on).',
      () => world.loopCounters().failed,
    );
    gauge(this.registry, 'players_online', 'Players in the world.', () => world.playersOnline());
    new Counter({
      name: METRIC_PREFIX + 'view_chunks_scanned_total',
      help: "Chunks of 16 handles whose viewers were scanned through the views' worker channel, by the thread that scanned them.",
      labelNames: ['thread'],
      registers,
      collect() {
        const chunks = world.viewChunks();
        this.reset();
        this.inc({ thread: 'worker' }, chunks.worker);
        this.inc({ thread: 'world' }, chunks.world);
      },
    });
    // Collections that began inside the world's steps (world/step-gc.ts): the pauses a tick's phases include.
    const stepGc = (name: string, help: string, of: (t: { count: number; ms: number }) => number) =>
      new Counter({
        name: METRIC_PREFIX + name,
        help,
        labelNames: ['kind'],
        registers,
        collect() {
          this.reset();
          for (const [kind, t] of Object.entries(world.gcInSteps())) this.inc({ kind }, of(t));
        },
      });
    stepGc(
      'tick_gc_total',
      "Garbage collections that began inside the world's steps, by kind.",
      (t) => t.count,
    );
    stepGc(
      'tick_gc_seconds_total',
      "Time of the garbage collections that began inside the world's steps, by kind, in seconds.",
      (t) => t.ms / 1000,
    );
  }

  private gatewayMetrics(gateway: NonNullable<ServerMetricSources['gateway']>): void {
    const t = gateway.traffic;
    const r = this.registry;
    gauge(
      r,
      'ws_connections_open',
      'WebSocket connections open (logged in or logging in).',
      () => t.connectionsOpen,
    );
    gauge(r, 'ws_sessions', 'WebSocket sessions attached to a player.', () => gateway.connected);
    counter(r, 'ws_connections_total', 'WebSocket connections accepted.', () => t.connectionsOpened);
    counter(
      r,
      'ws_connections_refused_total',
      'WebSocket connections closed at once (4015): their address held the most it may.',
      () => t.connectionsRefusedPerAddress,
    );
    counter(
      r,
      'ws_messages_received_total',
      'WebSocket messages received (dropped and invalid ones too).',
      () => t.messagesIn,
    );
    counter(
      r,
      'ws_received_bytes_total',
      'Payload bytes of the WebSocket messages received.',
      () => t.bytesIn,
    );
    counter(r, 'ws_messages_sent_total', 'WebSocket messages (frames) sent.', () => t.messagesOut);
    counter(r, 'ws_sent_bytes_total', 'Payload bytes of the WebSocket messages sent.', () => t.bytesOut);
    counter(r, 'ws_events_sent_total', 'Events carried by the WebSocket messages sent.', () => t.eventsOut);
  }

  private saveMetrics(saves: NonNullable<ServerMetricSources['saves']>): void {
    const r = this.registry;
    const batch = new Histogram({
      name: METRIC_PREFIX + 'save_batch_duration_seconds',
      help: "Each save batch's transaction, by outcome (committed or failed), in seconds.",
      labelNames: ['outcome'],
      buckets: SAVE_BUCKETS,
      registers: [r],
    });
    const committed = batch.labels('committed');
    const failed = batch.labels('failed');
    saves.observeBatches((ms, outcome) => (outcome === 'committed' ? committed : failed).observe(ms / 1000));
    gauge(
      r,
      'save_queue_waiting',
      'Saves waiting to be written (the queue depth).',
      () => saves.status().waiting,
    );
    gauge(r, 'save_queue_in_flight', 'Saves in a transaction now.', () => saves.status().inFlight);
    gauge(
      r,
      'save_outage',
      '1 while saves fail because the database is unavailable (they wait and retry).',
      () => (saves.status().outage ? 1 : 0),
    );
    gauge(
      r,
      'save_last_commit_timestamp_seconds',
      'When a save batch last committed (Unix time; 0: never).',
      () => {
        const at = saves.status().lastCommitAt;
        return at ? Date.parse(at) / 1000 : 0;
      },
    );
    new Counter({
      name: METRIC_PREFIX + 'saves_total',
      help: 'Saves committed, by kind: character snapshots, death locks, feature records.',
      labelNames: ['kind'],
      registers: [r],
      collect() {
        this.reset();
        this.inc({ kind: 'character' }, saves.status().saved);
        this.inc({ kind: 'death_lock' }, saves.locksSaved);
        this.inc({ kind: 'record' }, saves.recordsSaved);
      },
    });
    counter(
      r,
      'save_failures_total',
      'Character snapshots whose save batch failed (each retried).',
      () => saves.status().failed,
    );
    counter(
      r,
      'save_set_aside_total',
      'Saves set aside after failing on their own (kept for an operator).',
      () => saves.status().setAside,
    );
  }

  private databaseMetrics(database: NonNullable<ServerMetricSources['database']>): void {
    const pool = database.pool?.bind(database);
    // PGlite runs in the process on one connection: there is no pool to report.
    if (!pool) return;
    const r = this.registry;
    gauge(r, 'db_pool_connections', 'PostgreSQL pool: connections open.', () => pool().total);
    gauge(r, 'db_pool_idle_connections', 'PostgreSQL pool: open connections not in use.', () => pool().idle);
    gauge(
      r,
      'db_pool_waiting_requests',
      'PostgreSQL pool: requests waiting for a connection.',
      () => pool().waiting,
    );
    gauge(r, 'db_pool_max_connections', 'PostgreSQL pool: the most connections it opens.', () => pool().max);
  }
}

/** A gauge read at scrape time. */
function gauge(registry: Registry, name: string, help: string, read: () => number): void {
  new Gauge({
    name: METRIC_PREFIX + name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

/** A counter read at scrape time from a running total the server keeps. */
function counter(registry: Registry, name: string, help: string, read: () => number): void {
  new Counter({
    name: METRIC_PREFIX + name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}
