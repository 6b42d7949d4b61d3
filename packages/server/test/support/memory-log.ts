import type { LevelWithSilent } from 'pino';
import { createLogger, type Log } from '../../src/app/logger';

/** One line a {@link memoryLog} logger wrote, parsed. */
export type LogLine = Record<string, unknown> & { level: number; msg?: string };

const LEVELS: Record<Exclude<LevelWithSilent, 'silent'>, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

/** A memory log's logger and what it wrote. */
export interface MemoryLog {
  /** The server's own logger (createLogger: same fields, same redaction) writing to `lines`. */
  log: Log;
  /** Every line written, parsed, in order. */
  lines: LogLine[];
  /** The raw text of every line (to check that a secret appears in none). */
  text: string[];
  /** The messages of the lines at `level` (every level when absent), in order. */
  messages(level?: keyof typeof LEVELS): string[];
}

/**
 * A real pino logger (the one the server builds) that keeps its lines in memory, for tests that
 * look at what was logged. Lines are written synchronously: they are there when the call returns.
 */
export function memoryLog(level: LevelWithSilent = 'trace'): MemoryLog {
  const lines: LogLine[] = [];
  const text: string[] = [];
  const log = createLogger({
    level,
    destination: {
      write: (line: string) => {
        text.push(line);
        lines.push(JSON.parse(line) as LogLine);
      },
    },
  });
  return {
    log,
    lines,
    text,
    messages: (at) =>
      lines.filter((l) => at === undefined || l.level === LEVELS[at]).map((l) => String(l.msg ?? '')),
  };
}

/** A real logger that writes nothing (level `silent`), for tests that do not look at the log. */
export function silentLog(): Log {
  return createLogger({ level: 'silent', destination: { write: () => undefined } });
}
