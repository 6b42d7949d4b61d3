import type { PlayerSnapshot } from '../sim/core/types';
import type { CharacterFields, Repositories } from '../storage';

export interface SaveLogger {
  error(obj: object, msg: string): void;
}

/** Character columns written from a world snapshot. */
export function snapshotToFields(s: PlayerSnapshot): CharacterFields {
  const fields: CharacterFields = {
    positionX: s.x,
    positionY: s.y,
    positionZ: s.z,
    runEnergy: s.runEnergy,
    health: s.health,
    coins: s.coins,
    combatLevel: s.combatLevel,
  };
  const record = fields as Record<string, number>;
  for (const [skill, v] of Object.entries(s.skills)) {
    record[`${skill}Level`] = v.level;
    record[`${skill}Xp`] = v.xp;
  }
  return fields;
}

/**
 * Write-behind saving. The tick hands snapshots over and never waits; a background writer stores
 * them in batches, each batch in one transaction (character row, inventory and equipment together,
 * so a save never leaves half of a character's items written). Only the newest snapshot of a character is kept
 * while it waits. A character counts as "pending" from hand-over until its write committed, which
 * is how a login is refused while the previous session's save is still being written.
 */
export class SaveQueue {
  private readonly waiting = new Map<string, PlayerSnapshot>();
  private readonly inFlight = new Set<string>();
  private writing: Promise<void> | undefined;
  /** Saves committed since start (for /status and tests). */
  saved = 0;
  failed = 0;

  constructor(
    private readonly repos: Repositories,
    private readonly logger: SaveLogger,
    private readonly batchSize = 100,
  ) {}

  /** Hands a snapshot over; the write happens in the background. */
  push(snapshot: PlayerSnapshot): void {
    this.waiting.set(snapshot.id, snapshot);
    this.kick();
  }

  isPending(characterId: string): boolean {
    return this.waiting.has(characterId) || this.inFlight.has(characterId);
  }

  /** Resolves when everything handed over so far has been written (graceful shutdown). */
  async flush(): Promise<void> {
    while (this.writing || this.waiting.size > 0) {
      this.kick();
      await this.writing;
    }
  }

  private kick(): void {
    if (this.writing || this.waiting.size === 0) return;
    this.writing = this.drain().finally(() => {
      this.writing = undefined;
      if (this.waiting.size > 0) this.kick();
    });
  }

  private async drain(): Promise<void> {
    while (this.waiting.size > 0) {
      const batch = [...this.waiting.values()].slice(0, this.batchSize);
      for (const s of batch) {
        this.waiting.delete(s.id);
        this.inFlight.add(s.id);
      }
      try {
        await this.repos.transaction(async (tx) => {
          for (const s of batch) {
            await tx.characters.update(s.id, snapshotToFields(s));
            await tx.inventory.replaceAll(s.id, s.inventory);
            await tx.equipment.replaceAll(s.id, s.equipment);
          }
        });
        this.saved += batch.length;
      } catch (err) {
        this.failed += batch.length;
        this.logger.error({ err, characters: batch.map((s) => s.id) }, 'saving characters failed; will retry');
        // Keep the data: requeue unless a newer snapshot arrived meanwhile.
        for (const s of batch) if (!this.waiting.has(s.id)) this.waiting.set(s.id, s);
        await new Promise((r) => setTimeout(r, 1000));
      } finally {
        for (const s of batch) this.inFlight.delete(s.id);
      }
    }
  }
}
