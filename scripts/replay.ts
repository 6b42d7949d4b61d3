/**
 * `npm run replay -- <input-log.ndjson | eval-result.json> [--manifests <dir>]`: replays a recorded
 * world offline (see INPUT_LOG) and checks that every tick reproduces the recorded state hash. Given
 * an evaluation result (docs/evaluation.md), it also recomputes the final state, re-runs the task's
 * verifier and checks the score and the final state's hash. Exits 1 on any mismatch, naming it.
 */
import { parseArgs } from 'node:util';
import { BUNDLED_MANIFESTS_DIR } from '../packages/server/src/app/paths';
import { loadContent } from '../packages/server/src/content/load';
import { replayInputLog } from '../eval/replay-log';
import { reverify } from '../eval/reverify';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { manifests: { type: 'string' } },
});
const file = positionals[0];
if (!file) {
  console.error('usage: npm run replay -- <input-log.ndjson | eval-result.json> [--manifests <dir>]');
  process.exit(2);
}

const content = await loadContent(values.manifests ?? BUNDLED_MANIFESTS_DIR);
if (file.endsWith('.json')) {
  console.log(`re-verifying ${file}`);
  const r = await reverify(file, content);
  console.log(`replayed ${r.ticks} ticks`);
  if (r.replayed)
    console.log(
      `score ${r.replayed.score} (recorded ${r.recorded.score}), final state hash ${r.replayed.endHash === r.recorded.endHash ? 'matches' : 'differs'}`,
    );
  for (const p of r.problems) console.error(`mismatch: ${p}`);
  console.log(r.ok ? 'verified: same score and final state' : 'NOT verified');
  process.exit(r.ok ? 0 : 1);
}
console.log(`replaying ${file}`);
const r = await replayInputLog(file, content);
if (r.divergence) {
  console.error(
    `diverged at tick ${r.divergence.tick}: recorded hash ${r.divergence.recorded}, replayed ${r.divergence.replayed}`,
  );
  process.exit(1);
}
console.log(`replayed ${r.ticks} ticks: every state hash matches`);
