import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The shipped default world's manifests (repo assets/manifests). */
export const SHIPPED_MANIFESTS = fileURLToPath(new URL('../../../../assets/manifests', import.meta.url));

/** A throw-away copy of the shipped manifests that a test may break. */
export interface ManifestFixture {
  dir: string;
  /** Parses a manifest, lets `edit` change it, writes it back (2-space JSON). */
  edit(file: string, edit: (json: Record<string, unknown>) => void): Promise<void>;
  /** Overwrites a manifest with raw text. */
  writeRaw(file: string, text: string): Promise<void>;
  remove(file: string): Promise<void>;
  cleanup(): Promise<void>;
}

export async function copyShippedManifests(): Promise<ManifestFixture> {
  const dir = await mkdtemp(join(tmpdir(), 'tilerealm-manifests-'));
  await cp(SHIPPED_MANIFESTS, dir, { recursive: true });
  return {
    dir,
    async edit(file, edit) {
      const json = jsonObject.parse(JSON.parse(await readFile(join(dir, file), 'utf8')));
      edit(json);
      await writeFile(join(dir, file), `${JSON.stringify(json, null, 2)}\n`);
    },
    writeRaw: (file, text) => writeFile(join(dir, file), text),
    remove: (file) => rm(join(dir, file), { force: true }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

const jsonObject = z.record(z.string(), z.unknown());

/** Parses a JSON value as an array of objects (copies: assign the result back after editing). */
export function records(value: unknown): Record<string, unknown>[] {
  return z.array(jsonObject).parse(value);
}
