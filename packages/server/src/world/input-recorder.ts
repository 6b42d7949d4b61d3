import { createWriteStream, type WriteStream } from 'node:fs';
import type { Command } from '../sim/core/types';

/**
 * Records the world's inputs as NDJSON so a session can be replayed offline (`npm run replay`):
 * a header line `{"seed","tickMs","runId"}`, then per tick `{"tick","hash","commands":[...]}` with the
 * commands applied in that tick and the state hash after it.
 */
export class InputRecorder {
  private readonly out: WriteStream;
  private pending: Command[] = [];

  constructor(path: string) {
    this.out = createWriteStream(path, { flags: 'w' });
  }

  begin(header: { seed: number; tickMs: number; runId: string }): void {
    this.out.write(`${JSON.stringify({ type: 'header', ...header, version: 1 })}\n`);
  }

  command(c: Command): void {
    this.pending.push(c);
  }

  /** Called after tick `tick` ran: the commands queued before it are the ones it applied. */
  tick(tick: number, hash: number): void {
    this.out.write(`${JSON.stringify({ type: 'tick', tick, hash, commands: this.pending })}\n`);
    this.pending = [];
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.out.end(resolve));
  }
}
