/** The queue of starts and stops moves on after an op settles: its caller was told how. */
const noop = (): void => undefined;

/**
 * Starts and stops of one agent, run one after the other. Every stop begins a new generation: a
 * start asked before it sees `outdated(its generation)` and gives up (it closes a connection it
 * got meanwhile); a second start asked in the same generation joins the first.
 */
export class StartStopQueue {
  private ops: Promise<void> = Promise.resolve();
  private starting: { generation: number; done: Promise<void> } | undefined;
  private generation = 0;

  /** Queues `op` (given its generation) unless a start of this generation is already queued. */
  start(op: (generation: number) => Promise<void>): Promise<void> {
    if (this.starting?.generation === this.generation) return this.starting.done;
    const generation = this.generation;
    const done = this.serially(() => (this.outdated(generation) ? Promise.resolve() : op(generation)));
    const entry = { generation, done };
    this.starting = entry;
    const settled = (): void => {
      if (this.starting === entry) this.starting = undefined;
    };
    done.then(settled, settled);
    return done;
  }

  /** Begins a new generation at once (starts asked before it give up), then queues `op`. */
  stop(op: () => Promise<void>): Promise<void> {
    this.generation++;
    return this.serially(op);
  }

  /** True once a stop was asked after the start of `generation`. */
  outdated(generation: number): boolean {
    return generation !== this.generation;
  }

  /** Runs `op` after every op queued before it; its failure goes to its own caller only. */
  private serially(op: () => Promise<void>): Promise<void> {
    const run = this.ops.then(op);
    this.ops = run.then(noop, noop);
    return run;
  }
}
