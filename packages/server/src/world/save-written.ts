import type { PlayerSnapshot, QuestProgressState, SlotRow } from '../sim/core/types';

/** The parts of a snapshot a save may leave out when the database already holds them. */
export interface SavePlan {
  inventory: boolean;
  equipment: boolean;
  bank: boolean;
  /** The quests whose row must be written (started, or changed since the last commit). */
  quests: QuestProgressState[];
}

/** What this world last committed of one character: the snapshot's containers and quests. */
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
 * Only a confirmed commit records a state. A batch that did not commit (for whatever reason)
 * forgets its characters, so their next save writes everything; a final save (logout, shutdown)
 * forgets its character once committed, since the character may next be held, and written, by
 * another world. This is sound because a world writes a character's rows only while it holds the
 * character's lease (the batch's fence checks it in the same transaction): nobody else writes them
 * meanwhile, so what this world committed last is what the database holds.
 *
 * The snapshots' arrays are fresh copies the world never touches again (Player.toRecord), so
 * keeping them is keeping the committed state itself.
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

  /** `s` committed: its parts are what the database holds now (a final save: forgotten instead). */
  committed(s: PlayerSnapshot, release: boolean): void {
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

function sameSlots<S extends number | string>(
  a: ReadonlyArray<SlotRow<S>>,
  b: ReadonlyArray<SlotRow<S>>,
): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as SlotRow<S>;
    const y = b[i] as SlotRow<S>;
    if (x.slot !== y.slot || x.itemId !== y.itemId || x.quantity !== y.quantity) return false;
  }
  return true;
}

/** A quest row's written columns as one comparable string. */
function questText(q: QuestProgressState): string {
  return `${q.stage}\u0000${q.status}\u0000${JSON.stringify(q.data)}`;
}
