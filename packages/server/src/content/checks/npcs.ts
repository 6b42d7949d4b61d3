import { refItem, refQuestStage, type CheckContext } from './context';
import { checkDialogue } from './dialogue';

const FILE = 'npcs.json';

/** Drop tables and dialogue of every NPC. */
export function checkNpcs(ctx: CheckContext): void {
  for (const npc of ctx.m.npcs.entries) {
    const drops = npc.drops;
    if (drops) {
      for (const d of drops.always) {
        refItem(ctx, FILE, `npc ${npc.id} drops`, d.itemId);
        if (d.quest) refQuestStage(ctx, FILE, `npc ${npc.id} quest drop`, d.quest.questId, d.quest.stage);
      }
      for (const d of [...drops.common, ...drops.uncommon, ...drops.rare])
        refItem(ctx, FILE, `npc ${npc.id} drops`, d.itemId);
    }
    checkDialogue(ctx, npc);
  }
}
