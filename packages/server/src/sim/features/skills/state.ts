/**
 * Tenths of experience earned but not yet a whole point, per skill (features/skills; see
 * docs/combat.md). In memory only, as the saved record keeps whole points; hashed, since the next
 * gain's whole points depend on them.
 */
import type { SkillName } from '../../../content/skills';
import { playerSlot } from '../../core/slots';

/** The player's experience tenths per skill (a skill without an entry has none). */
export const XP_TENTHS = playerSlot('skills.xpTenths', {
  init: (): Partial<Record<SkillName, number>> => ({}),
  hash: (s, h) => {
    for (const [skill, tenths] of Object.entries(s)) h.str(skill).num(tenths);
  },
});
