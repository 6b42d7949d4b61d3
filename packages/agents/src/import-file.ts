import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiError } from '@tilerealm/sdk';
import { z } from 'zod';
import type { AgentStore } from './store';
import { readJson, writeAtomic } from './store';

/** An agent as older runtimes kept it in `<dataDir>/agents.json` (with its session token). */
const legacyRecord = z.looseObject({
  agentId: z.string(),
  ownerAccountId: z.string(),
  running: z.boolean(),
});
const legacyFile = z.object({ agents: z.array(legacyRecord) });
const legacyOwner = z.looseObject({ accountId: z.string() });

export interface ImportOutcome {
  imported: string[];
  /** Agents the game server no longer has for their owner (deleted meanwhile), with why. */
  skipped: { agentId: string; reason: string }[];
}

/**
 * One-time import of an older runtime's `agents.json`: each agent is claimed in the game's
 * database for this runtime's world with its running flag (its token is dropped: tokens are minted
 * when needed), then the file is kept as `agents.json.imported` without any token and
 * `agents.json` removed, so the next start does not import again and no token stays on disk. An
 * agent the game server does not know for its owner any more is skipped and reported. A failure
 * to reach the game server aborts the import with the file untouched (the next start tries again;
 * claiming twice is harmless). `owner.json` loses its token too (the account id stays).
 */
export async function importAgentsFile(
  dataDir: string,
  store: AgentStore,
  log: (line: string) => void,
): Promise<ImportOutcome | undefined> {
  await dropOwnerToken(dataDir, log);
  const file = join(dataDir, 'agents.json');
  const json = await readJson(file);
  if (json === undefined) return undefined;
  const parsed = legacyFile.safeParse(json);
  if (!parsed.success) throw new Error(`${file} is not an agents file: ${parsed.error.message}`);
  const outcome: ImportOutcome = { imported: [], skipped: [] };
  for (const r of parsed.data.agents) {
    try {
      await store.claim(r.agentId, r.ownerAccountId, r.running);
      outcome.imported.push(r.agentId);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 404) throw err;
      outcome.skipped.push({ agentId: r.agentId, reason: err.message });
    }
  }
  const withoutTokens = parsed.data.agents.map(({ token: _token, ...rest }) => rest);
  await writeAtomic(`${file}.imported`, JSON.stringify({ agents: withoutTokens }, null, 2));
  await rm(file);
  // A write an older runtime did not finish (temporary file, then rename) would hold tokens too.
  await rm(`${file}.tmp`, { force: true });
  const skipped = outcome.skipped.map((s) => `${s.agentId} (${s.reason})`).join(', ');
  log(
    `imported ${outcome.imported.length} agent(s) from ${file} into the game's database` +
      (skipped ? `; skipped ${skipped}` : '') +
      `; the file is now agents.json.imported, without tokens`,
  );
  return outcome;
}

/** Rewrites `owner.json` without its token (older runtimes kept the owner's token there). */
async function dropOwnerToken(dataDir: string, log: (line: string) => void): Promise<void> {
  const file = join(dataDir, 'owner.json');
  const owner = legacyOwner.safeParse(await readJson(file));
  if (!owner.success || !('token' in owner.data)) return;
  await writeAtomic(file, JSON.stringify({ accountId: owner.data.accountId }, null, 2));
  await rm(`${file}.tmp`, { force: true });
  log(`removed the owner's token from ${file} (the account id stays)`);
}
