import { constants, PerformanceObserver, performance } from 'node:perf_hooks';

/** The kinds of garbage collection V8 reports, as the metrics label them. */
export type GcKind = 'minor' | 'major' | 'incremental' | 'weakcb';

/** Collections that began inside the world's steps, by kind: how many, and their time in milliseconds. */
export type StepGcTotals = Record<GcKind, { count: number; ms: number }>;

/** Steps remembered until their collections are reported (V8's entries come a turn of the event loop later). */
const SPANS = 16;

function kindOf(detail: unknown): GcKind {
  switch ((detail as { kind?: number } | null)?.kind) {
    case constants.NODE_PERFORMANCE_GC_MINOR:
      return 'minor';
    case constants.NODE_PERFORMANCE_GC_MAJOR:
      return 'major';
    case constants.NODE_PERFORMANCE_GC_INCREMENTAL:
      return 'incremental';
    default:
      return 'weakcb';
  }
}

/**
 * Counts the garbage collections that fell inside the world's steps (perf_hooks `gc` entries whose
 * start lies between a step's start and end): the pauses that make a tick longer than its phases'
 * own work, which the phases' timings cannot tell apart. The host collects the young generation
 * between ticks (young-garbage.ts); what is left here is what that did not prevent. Process-wide,
 * as V8's collections are: with several worlds in one process (tests), each counts those inside
 * its own steps.
 */
export class StepGc {
  readonly totals: StepGcTotals = {
    minor: { count: 0, ms: 0 },
    major: { count: 0, ms: 0 },
    incremental: { count: 0, ms: 0 },
    weakcb: { count: 0, ms: 0 },
  };
  /** The last steps' start and end (performance.now()), a ring of {@link SPANS}. */
  private readonly spans = new Float64Array(SPANS * 2);
  private next = 0;
  private stepStart = 0;
  private readonly observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (this.inStep(e.startTime)) this.add(kindOf((e as { detail?: unknown }).detail), e.duration);
  });

  constructor() {
    this.observer.observe({ entryTypes: ['gc'] });
  }

  /** Marks the start of a step. */
  begin(): void {
    this.stepStart = performance.now();
  }

  /** Marks the end of the step begun last. */
  end(): void {
    const at = (this.next % SPANS) * 2;
    this.spans[at] = this.stepStart;
    this.spans[at + 1] = performance.now();
    this.next++;
  }

  stop(): void {
    this.observer.disconnect();
  }

  private inStep(start: number): boolean {
    for (let i = 0; i < Math.min(this.next, SPANS); i++)
      if (start >= (this.spans[2 * i] ?? 0) && start < (this.spans[2 * i + 1] ?? 0)) return true;
    return false;
  }

  private add(kind: GcKind, ms: number): void {
    const t = this.totals[kind];
    t.count++;
    t.ms += ms;
  }
}
