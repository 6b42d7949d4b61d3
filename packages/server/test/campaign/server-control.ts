/**
 * The server under test in a child process on a fixed port (so players reconnect to the same
 * address after a restart): started, killed with SIGKILL, or stopped with SIGTERM within a deadline.
 * Its output (JSON log lines) goes to a log file, and the last lines are kept for the report.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT } from '../../src/app/paths';

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface StopResult extends ExitInfo {
  /** SIGTERM did not end the process within the deadline: it was killed with SIGKILL. */
  hung: boolean;
  ms: number;
}

const TAIL_LINES = 80;

export class ServerControl {
  private child: ChildProcess | undefined;
  private exit: Promise<ExitInfo> | undefined;
  private readonly log: WriteStream;
  private readonly tail: string[] = [];
  /** How many times the process was started. */
  starts = 0;
  /** Exits nobody asked for (neither kill9 nor stop): the server died by itself. */
  readonly unexpectedExits: Array<ExitInfo & { start: number; lastLines: string[] }> = [];
  private expectingExit = false;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    /** Variables of this process the server must not inherit (e.g. DATABASE_URL on PGlite). */
    private readonly unset: readonly string[],
    logFile: string,
    private readonly onLine: (line: string) => void = () => undefined,
    /** Called when the process exits without kill9() or stop() having been asked. */
    private readonly onUnexpectedExit: (info: ExitInfo) => void = () => undefined,
  ) {
    this.log = createWriteStream(logFile, { flags: 'a' });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get wsUrl(): string {
    return `ws://127.0.0.1:${this.port}/ws`;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The last lines the server printed (for a report when it misbehaves). */
  lastLines(n = 20): string[] {
    return this.tail.slice(-n);
  }

  /** Starts the server and resolves once /health answers; throws (after killing it) past the deadline. */
  async start(deadlineMs: number): Promise<number> {
    if (this.running) throw new Error('the server is already running');
    const started = Date.now();
    this.starts += 1;
    const start = this.starts;
    this.tail.length = 0;
    this.expectingExit = false;
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of this.unset) delete env[name];
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/app/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.log.write(`--- start #${start} at ${new Date().toISOString()} (pid ${child.pid ?? '?'})\n`);
    for (const stream of [child.stdout, child.stderr]) {
      let pending = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        this.log.write(chunk);
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          if (line.length === 0) continue;
          this.tail.push(line.length > 600 ? `${line.slice(0, 600)}…` : line);
          if (this.tail.length > TAIL_LINES) this.tail.shift();
          this.onLine(line);
        }
      });
    }
    this.exit = new Promise<ExitInfo>((resolve) =>
      child.once('exit', (code, signal) => {
        const info = { code, signal };
        this.log.write(`--- exit of start #${start}: code ${code ?? '-'} signal ${signal ?? '-'}\n`);
        if (!this.expectingExit) {
          // What explains a crash: the output that is not an ordinary log line, and logged errors.
          const telling = this.tail.filter((l) => !l.startsWith('{') || /"level":(50|60)/.test(l));
          this.unexpectedExits.push({ ...info, start, lastLines: telling.slice(-25) });
          this.onUnexpectedExit(info);
        }
        resolve(info);
      }),
    );
    while (Date.now() - started < deadlineMs) {
      if (!this.running) break;
      const up = await fetch(`${this.url}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return Date.now() - started;
      // Polling /health with a deadline: the server gives no other signal that it listens.
      await sleep(100);
    }
    const exited = !this.running;
    await this.kill9();
    throw new Error(
      exited
        ? `the server exited while starting:\n${this.lastLines(15).join('\n')}`
        : `the server did not answer /health within ${Math.round(deadlineMs / 1000)} s`,
    );
  }

  /** SIGKILL, as a crash: no shutdown, no flush. Resolves once the process is gone. */
  async kill9(): Promise<ExitInfo | undefined> {
    const child = this.child;
    if (!child || !this.exit) return undefined;
    this.expectingExit = true;
    if (this.running) child.kill('SIGKILL');
    const info = await this.exit;
    this.child = undefined;
    return info;
  }

  /** SIGTERM (graceful: saves flushed); SIGKILL when it has not exited within `deadlineMs`. */
  async stop(deadlineMs: number): Promise<StopResult | undefined> {
    const child = this.child;
    const exit = this.exit;
    if (!child || !exit) return undefined;
    const t0 = Date.now();
    this.expectingExit = true;
    if (!this.running) {
      const info = await exit;
      this.child = undefined;
      return { ...info, hung: false, ms: 0 };
    }
    child.kill('SIGTERM');
    const timeout = new AbortController();
    const late = sleep(deadlineMs, 'late' as const, { signal: timeout.signal }).catch(
      () => 'aborted' as const,
    );
    const first = await Promise.race([exit, late]);
    timeout.abort();
    let hung = false;
    if (first === 'late') {
      hung = true;
      child.kill('SIGKILL');
    }
    const info = await exit;
    this.child = undefined;
    return { ...info, hung, ms: Date.now() - t0 };
  }

  /** Resolves when the current process exits (for a watcher of unexpected deaths). */
  exited(): Promise<ExitInfo> | undefined {
    return this.exit;
  }

  async close(): Promise<void> {
    await this.kill9();
    await new Promise<void>((resolve) => this.log.end(() => resolve()));
  }
}
