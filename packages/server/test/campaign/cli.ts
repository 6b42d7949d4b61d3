/**
 * `npm run campaign -- [flags]`: runs the fault campaign and prints its report. Exit status 0 when
 * every check passed, 1 on any violation, 2 on bad flags or a campaign that could not run.
 */
import { writeFile } from 'node:fs/promises';
import { runCampaign, stopCampaigns } from './campaign';
import { parseCampaignArgs, USAGE } from './options';
import { formatReport } from './report';

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseCampaignArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.help) {
    console.log(USAGE);
    return 0;
  }
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      interrupted = true;
      console.error(`${signal}: stopping the server and PostgreSQL, removing the work directory`);
      void stopCampaigns().finally(() => process.exit(130));
    });
  const report = await runCampaign(parsed.options, (line) => {
    if (!interrupted) console.log(line);
  });
  // Interrupted: what failed after the signal is the teardown's doing, not a finding.
  if (interrupted) return 130;
  console.log(formatReport(report));
  if (parsed.options.jsonPath)
    await writeFile(parsed.options.jsonPath, `${JSON.stringify(report, null, 2)}\n`);
  if (report.violations.length > 0) return 1;
  return report.aborted ? 2 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('the campaign failed:', err);
    process.exit(2);
  },
);
