import { pino, type DestinationStream, type Logger } from 'pino';
import { stdoutLogOutput } from './log-output';
import { REDACT_PATHS, REDACTED, scrubLogLine, serializeRequest } from './log-redaction';

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
