import type { Content } from '../content/load';
import type { CharacterRow, Repositories } from '../storage';

/** Characters one account may own. */
export const MAX_CHARACTERS_PER_ACCOUNT = 5;

export type CreateCharacterOutcome =
  | { ok: true; character: CharacterRow }
  | { ok: false; reason: 'name_taken' | 'character_limit' | 'unknown_template' };

/**
 * Creates a character from a starter template in one transaction: the character row (spawned at
 * the starter area's spawn point), its starting inventory and worn equipment. Either all of it
 * exists afterwards or none of it.
 */
export async function createCharacter(
  repos: Repositories,
  content: Content,
  input: { accountId: string; name: string; templateId?: string | undefined },
): Promise<CreateCharacterOutcome> {
  const templateId = input.templateId ?? content.templates.defaultId;
  const template = content.templates.byId.get(templateId);
  if (!template) return { ok: false, reason: 'unknown_template' };
  const spawn = content.starterArea.spawnPoint ?? { x: 0, z: 0 };
  return repos.transaction(async (tx) => {
    const existing = await tx.characters.listByAccount(input.accountId);
    if (existing.length >= MAX_CHARACTERS_PER_ACCOUNT)
      return { ok: false as const, reason: 'character_limit' as const };
    const created = await tx.characters.create({
      accountId: input.accountId,
      name: input.name,
      coins: template.coins,
      positionX: spawn.x,
      positionZ: spawn.z,
    });
    if (!created.ok) return created;
    const id = created.character.id;
    await tx.inventory.replaceAll(
      id,
      template.inventory.map((s, slot) => ({ slot, itemId: s.itemId, quantity: s.quantity })),
    );
    await tx.equipment.replaceAll(id, template.equipment);
    return { ok: true as const, character: created.character };
  });
}
