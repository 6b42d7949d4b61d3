import { collectDefaultMetrics, Registry } from 'prom-client';

/** The prefix of every metric the server exports. */
export const METRIC_PREFIX = 'tilerealm_';

let processRegistry: Registry | undefined;

/**
 * The process's own figures (CPU, memory, heap, event-loop delay, garbage collection, handles,
 * file descriptors), as prom-client's default metrics with the `tilerealm_` prefix. They describe
 * the process, not a server in it, and prom-client's collectors start monitors that are never
 * stopped (an event-loop delay histogram, a GC observer): so they are collected once per process,
 * in a registry of their own (never the global default one), and every server's `/metrics` shows
 * them beside its own.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: METRIC_PREFIX });
  }
  return processRegistry;
}
