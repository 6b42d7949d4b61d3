import type { Feature } from '../../core/registry';
import { XP_TENTHS } from './state';

/**
 * Skills: experience is granted through `grantXp` (grant.ts) by the features that award it; this
 * feature registers the state it keeps per player (the experience tenths, state.ts).
 */
export const skillsFeature: Feature = {
  name: 'skills',
  register(r) {
    r.playerSlot(XP_TENTHS);
  },
};
