import {
  pino,
  type BaseLogger,
  type Bindings,
  type ChildLoggerOptions,
  type DestinationStream,
  type Logger,
} from 'pino';
import { stdoutLogOutput } from './log-output';
import { REDACT_PATHS, REDACTED, scrubLogLine, serializeRequest } from './log-redaction';

/**
 * The server's one logger type, taken by every module that logs.
 *
 * It is pino's: the level methods (`info(obj, msg)`, `info(msg)`, ...) and the level of
 * `pino.BaseLogger`, plus `child(bindings)` for loggers that add fields to every line (a request's
 * `reqId` and `accountId`, a WebSocket session's `sessionId`). A pino logger is one; so is Fastify's
 * `request.log` (the same shape, structurally equal to `FastifyBaseLogger`), so a request's logger
 * can be handed to any module. Narrower than `pino.Logger` (no `flush`, no custom levels) only so
 * that Fastify's request loggers fit too; no module needs more. Tests use real pino loggers that
 * write to memory (test/support/memory-log.ts), never hand-made look-alikes.
 */
export type Log = Pick<
  BaseLogger,
  'level' | 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
> & {
  child(bindings: Bindings, options?: ChildLoggerOptions): Log;
};

/** Options of {@link createLogger}. */
export interface CreateLoggerOptions {
  level: string;
  /** Where lines go; standard output through {@link stdoutLogOutput} when absent. */
  destination?: DestinationStream;
}

/**
 * The server's logger: pino writing JSON lines that never carry a credential (see
 * log-redaction.ts) to an output that never blocks the process (see log-output.ts).
 */
export function createLogger(options: CreateLoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      base: { service: 'tilerealm-server' },
      serializers: { req: serializeRequest },
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      hooks: { streamWrite: scrubLogLine },
    },
    options.destination ?? stdoutLogOutput(),
  );
}
