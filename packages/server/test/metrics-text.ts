/**
 * Reads one sample from a Prometheus text exposition: the line of `name` whose labels include
 * every one of `labels` (other labels may be there too). Undefined when there is none.
 */
export function sampleOf(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const own = new Map<string, string>();
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      own.set(l[1] ?? '', l[2] ?? '');
    if (Object.entries(labels).every(([k, v]) => own.get(k) === v)) return Number(m[3]);
  }
  return undefined;
}

/** The metric families an exposition declares (its `# TYPE` lines): name to type. */
export function familiesOf(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) out.set(m[1] ?? '', m[2] ?? '');
  return out;
}
