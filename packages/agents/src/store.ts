import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AgentDirectory, AgentRecord } from './directory';

export type { AgentRecord } from './directory';

/**
 * The runtime's agents: those the game's database lists for its world (AGENT_WORLD_ID), read once
 * at start and kept in memory; every change (a new agent, start, stop) is written to the database
 * first. Nothing is kept in a file.
 */
export class AgentStore {
  private readonly records = new Map<string, AgentRecord>();

  private constructor(
    private readonly directory: AgentDirectory,
    readonly worldId: number,
  ) {}

  static async open(directory: AgentDirectory, worldId: number): Promise<AgentStore> {
    const store = new AgentStore(directory, worldId);
    for (const r of await directory.list(worldId)) store.records.set(r.agentId, r);
    return store;
  }

  list(): AgentRecord[] {
    return [...this.records.values()];
  }

  get(agentId: string): AgentRecord | undefined {
    return this.records.get(agentId);
  }

  /** Takes an agent of `ownerAccountId` into this runtime's world (a new one, or an imported one). */
  async claim(agentId: string, ownerAccountId: string, running: boolean): Promise<AgentRecord> {
    const record = await this.directory.setState(agentId, ownerAccountId, { worldId: this.worldId, running });
    this.records.set(agentId, record);
    return record;
  }

  /** Persists the running flag, then sets it on the record the runner holds. */
  async setRunning(record: AgentRecord, running: boolean): Promise<void> {
    await this.directory.setState(record.agentId, record.ownerAccountId, { worldId: this.worldId, running });
    record.running = running;
  }

  /** Forgets an agent whose mapping the game server deleted. */
  forget(agentId: string): boolean {
    return this.records.delete(agentId);
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
