import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';

/** What the runtime keeps of one agent so a restart resumes it. */
export const agentRecordSchema = z.object({
  agentId: z.string(),
  name: z.string(),
  characterId: z.string(),
  /** The session token the agent connects with over /ws (renewed before expiry: token-refresh.ts). */
  token: z.string(),
  /** The owning account (the one whose token created it). */
  ownerAccountId: z.string(),
  /** The owner's characters (their chat commands are obeyed), refreshed when the owner calls the API. */
  ownerCharacterIds: z.array(z.string()).default([]),
  /** Whether it should be playing (start/stop). */
  running: z.boolean(),
  createdAt: z.string(),
});
export type AgentRecord = z.infer<typeof agentRecordSchema>;

const fileSchema = z.object({ agents: z.array(agentRecordSchema) });

/**
 * The agents file (`<dataDir>/agents.json`): read once at start, rewritten whole (write to a
 * temporary file, then rename) after every change so a crash never leaves half a file.
 */
export class AgentStore {
  private readonly records = new Map<string, AgentRecord>();
  private writing: Promise<void> = Promise.resolve();

  private constructor(private readonly file: string) {}

  static async open(dataDir: string): Promise<AgentStore> {
    const store = new AgentStore(join(dataDir, 'agents.json'));
    const json = await readJson(store.file);
    if (json !== undefined) for (const r of fileSchema.parse(json).agents) store.records.set(r.agentId, r);
    return store;
  }

  list(): AgentRecord[] {
    return [...this.records.values()];
  }

  get(agentId: string): AgentRecord | undefined {
    return this.records.get(agentId);
  }

  async put(record: AgentRecord): Promise<void> {
    this.records.set(record.agentId, record);
    await this.flush();
  }

  async remove(agentId: string): Promise<boolean> {
    const had = this.records.delete(agentId);
    if (had) await this.flush();
    return had;
  }

  private flush(): Promise<void> {
    const body = JSON.stringify({ agents: this.list() }, null, 2);
    this.writing = this.writing.then(() => writeAtomic(this.file, body));
    return this.writing;
  }
}

/** Reads a JSON file; undefined when it does not exist. */
export async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    if (err instanceof Error && 'code' in err && err.code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Writes a file whole: a temporary sibling, then a rename. */
export async function writeAtomic(file: string, body: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  await writeFile(tmp, body);
  await rename(tmp, file);
}
