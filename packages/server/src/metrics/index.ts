export { METRICS_PATH, registerMetrics, startMetricsListener } from './endpoint';
export { METRIC_PREFIX, processMetrics } from './process-metrics';
export { ServerMetrics, UNMATCHED_ROUTE, type ServerMetricSources } from './server-metrics';
