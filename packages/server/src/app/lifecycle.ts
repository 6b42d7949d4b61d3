/**
 * Where the server is in its life, as readiness (`GET /ready`) reports it: `starting` until the
 * world ticks and this process is in the world list, `ready` while it takes players, `draining`
 * from the first step of its shutdown (no login is accepted any more; see docs/operations.md).
 * It only moves forward: a draining server never becomes ready again.
 */
export type LifecyclePhase = 'starting' | 'ready' | 'draining';

export class Lifecycle {
  private current: LifecyclePhase = 'starting';
  private readonly listeners: Array<(phase: LifecyclePhase) => void> = [];

  phase(): LifecyclePhase {
    return this.current;
  }

  /** The world ticks and is listed: players may come. Ignored once draining. */
  ready(): void {
    if (this.current === 'starting') this.set('ready');
  }

  /** The shutdown began: not ready from now on. */
  drain(): void {
    if (this.current !== 'draining') this.set('draining');
  }

  /** Called on every change of phase (tests and logs). */
  onChange(fn: (phase: LifecyclePhase) => void): void {
    this.listeners.push(fn);
  }

  private set(phase: LifecyclePhase): void {
    this.current = phase;
    for (const fn of this.listeners) fn(phase);
  }
}
