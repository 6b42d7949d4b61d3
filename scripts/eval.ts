/**
 * `npm run eval -- <task|list|all> [--agent planner|<command>] [--seed n] [--tick-ms n]
 * [--minutes n] [--out dir] [--postgres url]`: runs an evaluation task on an isolated, accelerated
 * world and scores it from the final database state (docs/evaluation.md). `list` prints the tasks.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { AgentSpec } from '../eval/agent';
import { prepareDatabaseTemplate, runEval } from '../eval/run';
import { findTask, TASKS, type EvalTask } from '../eval/tasks';

const USAGE =
  'usage: npm run eval -- <task|list|all> [--agent planner|"<command>"] [--seed n] [--tick-ms 5..600] [--minutes n] [--out dir] [--postgres url]';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    agent: { type: 'string', default: 'planner' },
    seed: { type: 'string', default: '1' },
    'tick-ms': { type: 'string', default: '20' },
    minutes: { type: 'string' },
    out: { type: 'string', default: 'eval-results' },
    postgres: { type: 'string' },
  },
});

const options = z
  .object({
    seed: z.coerce.number().int().min(0).max(4294967295),
    tickMs: z.coerce.number().int().min(5).max(600),
    minutes: z.coerce.number().positive().max(600).optional(),
  })
  .safeParse({ seed: values.seed, tickMs: values['tick-ms'], minutes: values.minutes });

const name = positionals[0];
if (!name || !options.success) {
  if (!options.success)
    console.error(options.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  console.error(USAGE);
  process.exit(2);
}
if (name === 'list') {
  for (const t of TASKS)
    console.log(`${t.id.padEnd(22)} ${String(t.gameMinutes).padStart(3)} min  ${t.description}`);
  process.exit(0);
}
const tasks: EvalTask[] = name === 'all' ? [...TASKS] : [findTask(name)].filter((t) => t !== undefined);
if (tasks.length === 0) {
  console.error(`unknown task ${name}: \`npm run eval -- list\` lists them`);
  process.exit(2);
}
const agent: AgentSpec =
  values.agent === 'planner' ? { kind: 'planner' } : { kind: 'command', command: values.agent };

// Each run's embedded database is a copy of one migrated here once.
const scratch = await mkdtemp(join(tmpdir(), 'tilerealm-eval-template-'));
const databaseTemplate = join(scratch, 'db');
if (!values.postgres) await prepareDatabaseTemplate(databaseTemplate);

let failed = false;
for (const task of tasks) {
  try {
    const { result, resultPath } = await runEval({
      task,
      agent,
      seed: options.data.seed,
      tickMs: options.data.tickMs,
      outDir: values.out,
      databaseTemplate,
      ...(options.data.minutes !== undefined ? { gameMinutes: options.data.minutes } : {}),
      ...(values.postgres ? { postgresUrl: values.postgres } : {}),
    });
    console.log(
      `${task.id.padEnd(22)} score ${String(result.score).padStart(6)} (pass at ${result.verdict.passAt}: ${result.passed ? 'passed' : 'failed'})  ${result.gameMinutes} game min in ${(result.timings.wallMs / 1000).toFixed(1)} s at ${result.tickMs} ms ticks  ${JSON.stringify(result.verdict.details)}`,
    );
    console.log(`  result ${resultPath}`);
  } catch (err) {
    failed = true;
    console.error(
      `${task.id}: the run failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
  }
}
await rm(scratch, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
