import type { PlayerRecord, PlayerSnapshot, QuestProgressState, SlotRow } from '../sim/core/types';

/** The parts of a snapshot a save may leave out when the database already holds them. */
export interface SavePlan {
  inventory: boolean;
  equipment: boolean;
  bank: boolean;
  /** The quests whose row must be written (started, or changed since the last commit). */
  quests: QuestProgressState[];
}

/** What the database holds of one character, as this world knows it: containers and quests. */
interface Written {
  inventory: ReadonlyArray<SlotRow<number>>;
  equipment: ReadonlyArray<SlotRow<string>>;
  bank: ReadonlyArray<SlotRow<number>>;
  quests: ReadonlyMap<string, string>;
}

/**
 * What this world last committed of each character it holds (containers and quest rows), so a
 * save writes only the parts that changed since: most autosaves of a character who walks, fights
 * or chats move no item, and rewriting an unchanged inventory, equipment and bank costs a savepoint,
 * a DELETE and an INSERT each. The character row is always written.
 *
 * Only a confirmed commit or a login's read records a state. A batch that did not commit (for
 * any reason) forgets its characters, so their next save writes everything; a final save (logout,
 * shutdown) forgets its character once committed, since the character may next be held, and
 * written, by another world. This is sound because a world writes a character's rows only while it
 * holds the character's lease (the batch's fence checks it in the same transaction): nobody else
 * writes them meanwhile, so what this world committed or read last is what the database holds.
 *
 * A login tells it what it loaded (SaveQueue.loaded), so the first save of a session writes only
 * what changed since. The snapshots' and records' arrays are fresh copies the world never touches
 * again (Player.toRecord, loadRecord), so keeping them is keeping the committed state itself.
 */
export class WrittenRows {
  private readonly byCharacter = new Map<string, Written>();

  /** Which parts of `s` differ from what was last committed for its character (all, if unknown). */
  plan(s: PlayerSnapshot): SavePlan {
    const held = this.byCharacter.get(s.id);
    if (!held) return { inventory: true, equipment: true, bank: true, quests: s.quests };
    return {
      inventory: !sameSlots(held.inventory, s.inventory),
      equipment: !sameSlots(held.equipment, s.equipment),
      bank: !sameSlots(held.bank, s.bank),
      quests: s.quests.filter((q) => held.quests.get(q.questId) !== questText(q)),
    };
  }

  /**
   * The database holds `s`'s parts now: `s` committed, or was just loaded by a login that holds the
   * character's lease. A final save forgets the character instead.
   */
  committed(s: PlayerRecord, release: boolean): void {
    if (release) {
      this.byCharacter.delete(s.id);
      return;
    }
    this.byCharacter.set(s.id, {
      inventory: s.inventory,
      equipment: s.equipment,
      bank: s.bank,
      quests: new Map(s.quests.map((q) => [q.questId, questText(q)])),
    });
  }

  /** What the database holds for `characterId` is no longer known: its next save writes everything. */
  forget(characterId: string): void {
    this.byCharacter.delete(characterId);
  }

  /** Characters whose committed state is known (for tests). */
  get size(): number {
    return this.byCharacter.size;
  }
}

/**
 * The same rows, in any order (a slot is a container's key: no two rows share one). The world lists
 * them in its own order, storage by slot (equipment's slots are names), so a login's rows may come
 * in another order than the first save's.
 */
function sameSlots<S extends number | string>(
  a: ReadonlyArray<SlotRow<S>>,
  b: ReadonlyArray<SlotRow<S>>,
): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && sameRow(a[i] as SlotRow<S>, b[i] as SlotRow<S>)) i++;
  if (i === a.length) return true;
  const bySlot = new Map(a.map((row) => [row.slot, row]));
  return b.every((row) => {
    const held = bySlot.get(row.slot);
    return held !== undefined && sameRow(held, row);
  });
}

const sameRow = <S extends number | string>(x: SlotRow<S>, y: SlotRow<S>): boolean =>
  x.slot === y.slot && x.itemId === y.itemId && x.quantity === y.quantity;

/** A quest row's written columns as one comparable string. */
function questText(q: QuestProgressState): string {
  return `${q.stage}\u0000${q.status}\u0000${JSON.stringify(q.data)}`;
}
