/**
 * Person-shaped NPC models of the default world: townsfolk, guards, the dwarf and the bandits.
 * All are built on the shared humanoid (models-humanoid.ts) and told apart by colours,
 * proportions and props (helmet and spear, beard, mask, hood and bow, hat and cape).
 */
import type { Vec3 } from './glb';
import { box, frustum } from './glb-shapes';
import { beam } from './glb-solids';
import type { ModelPart, ModelSpec } from './glb-write';
import { humanoid } from './models-humanoid';
import type { HumanoidRig } from './models-humanoid';
import { C, cube, part } from './models-kit';
import type { Rgb } from './models-kit';

/** A sword in the hand, blade forward and slightly up, with a crossguard. */
export function sword(rig: HumanoidRig, side: 1 | -1, blade: Rgb, length = 0.6): ModelPart[] {
  const [hx, hy, hz] = rig.hand(side);
  const tip: Vec3 = [hx, hy + length * 0.33, hz + length * 0.94];
  return [
    part('blade', blade, beam([hx, hy, hz], tip, { r: 0.035 * rig.k, r1: 0.02 * rig.k })),
    part('guard', C.iron, box([hx - 0.08 * rig.k, hy, hz + 0.05], [hx + 0.08 * rig.k, hy + 0.03, hz + 0.09])),
  ];
}

/** A rounded metal cap over the top of the head. */
export function helmet(rig: HumanoidRig, color: Rgb): ModelPart {
  const [, cy] = rig.headCentre;
  const r = rig.headHalf * 1.55;
  return part(
    'helmet',
    color,
    frustum({ y0: cy, y1: rig.headTop + 0.12 * rig.k, r0: r, r1: r * 0.45, sides: 8 }),
  );
}

/** A cloth mask over the lower face (bandits). */
function scarf(rig: HumanoidRig, color: Rgb): ModelPart {
  const [, cy] = rig.headCentre;
  const h = rig.headHalf;
  return part(
    'scarf',
    color,
    box([-h - 0.012, cy - h - 0.02, -h - 0.012], [h + 0.012, cy - 0.015, h + 0.03]),
  );
}

const human = humanoid({
  skin: C.skin,
  top: [0.25, 0.4, 0.6],
  legs: [0.35, 0.28, 0.18],
  feet: C.darkWood,
  belt: C.leather,
  hair: C.hair,
});

const guard = humanoid({ skin: C.skin, top: C.steel, legs: C.blue, feet: C.iron, belt: C.leather });
const guardSpear = guard.hand(1);
const guardShield = guard.hand(-1);

const dwarf = humanoid({
  scale: 0.72,
  build: 1.4,
  head: 1.2,
  skin: C.skin,
  top: [0.3, 0.35, 0.45],
  legs: C.darkWood,
  feet: C.iron,
  belt: C.gold,
  hair: [0.7, 0.35, 0.1],
});
const dwarfPick = dwarf.hand(1);

const bandit = humanoid({
  skin: C.skin,
  top: [0.3, 0.24, 0.16],
  legs: [0.2, 0.2, 0.22],
  feet: C.darkWood,
  belt: C.leather,
  hair: C.black,
});

const archer = humanoid({
  skin: C.skin,
  top: [0.22, 0.32, 0.18],
  legs: [0.25, 0.22, 0.16],
  feet: C.darkWood,
  belt: C.leather,
});
const bow = archer.hand(-1);

const leader = humanoid({
  scale: 1.07,
  build: 1.2,
  skin: C.skin,
  top: [0.45, 0.1, 0.12],
  legs: [0.18, 0.15, 0.12],
  feet: C.black,
  belt: C.gold,
  hair: C.black,
});

/** People of the default world (npcs.json `model` fields). */
export const PEOPLE_MODELS: readonly ModelSpec[] = [
  { name: 'human', parts: human.parts },
  {
    name: 'town_guard',
    parts: [
      ...guard.parts,
      helmet(guard, C.steel),
      part(
        'tabard',
        C.red,
        box(
          [-guard.torso.halfWidth * 0.7, guard.waistY - 0.18, guard.torso.halfDepth],
          [guard.torso.halfWidth * 0.7, guard.shoulderY - 0.04, guard.torso.halfDepth + 0.02],
        ),
      ),
      part(
        'spear_shaft',
        C.wood,
        beam([guardSpear[0], 0.02, guardSpear[2]], [guardSpear[0], 2.05, guardSpear[2]], { r: 0.03 }),
      ),
      part(
        'spear_tip',
        C.steel,
        frustum({ at: [guardSpear[0], guardSpear[2]], y0: 2.05, y1: 2.3, r0: 0.06, r1: 0, sides: 4 }),
      ),
      part('shield', C.blue, box([guardShield[0] - 0.1, 0.62, -0.2], [guardShield[0] - 0.05, 1.2, 0.2])),
      part('shield_boss', C.gold, cube([guardShield[0] - 0.11, 0.91, 0], 0.04)),
    ],
  },
  {
    name: 'dwarf',
    parts: [
      ...dwarf.parts,
      helmet(dwarf, C.iron),
      part(
        'beard',
        [0.7, 0.35, 0.1],
        box(
          [-dwarf.headHalf * 0.9, dwarf.waistY + 0.05, dwarf.headHalf - 0.04],
          [dwarf.headHalf * 0.9, dwarf.headCentre[1] - 0.01, dwarf.headHalf + 0.07],
        ),
      ),
      part(
        'pick_handle',
        C.wood,
        beam(
          [dwarfPick[0], dwarfPick[1] - 0.1, dwarfPick[2]],
          [dwarfPick[0], dwarfPick[1] + 0.5, dwarfPick[2]],
          {
            r: 0.03,
          },
        ),
      ),
      part(
        'pick_head',
        C.steel,
        beam(
          [dwarfPick[0], dwarfPick[1] + 0.48, dwarfPick[2] - 0.22],
          [dwarfPick[0], dwarfPick[1] + 0.48, dwarfPick[2] + 0.22],
          { r: 0.045, r1: 0.015 },
        ),
      ),
    ],
  },
  {
    name: 'bandit',
    parts: [...bandit.parts, scarf(bandit, [0.45, 0.08, 0.08]), ...heldDagger(bandit)],
  },
  {
    name: 'bandit_archer',
    parts: [
      ...archer.parts,
      scarf(archer, [0.18, 0.22, 0.14]),
      part(
        'hood',
        [0.18, 0.26, 0.14],
        box(
          [-archer.headHalf - 0.025, archer.headCentre[1] - archer.headHalf * 0.3, -archer.headHalf - 0.035],
          [archer.headHalf + 0.025, archer.headTop + 0.05, archer.headHalf * 0.55],
        ),
      ),
      part('bow_upper', C.wood, beam(bow, [bow[0], bow[1] + 0.55, bow[2] - 0.14], { r: 0.025 })),
      part('bow_lower', C.wood, beam(bow, [bow[0], bow[1] - 0.55, bow[2] - 0.14], { r: 0.025 })),
      part(
        'bow_string',
        C.white,
        beam([bow[0], bow[1] + 0.55, bow[2] - 0.15], [bow[0], bow[1] - 0.55, bow[2] - 0.15], { r: 0.006 }),
      ),
      part(
        'quiver',
        C.leather,
        beam(
          [0.12, archer.waistY, -archer.torso.halfDepth - 0.07],
          [-0.1, archer.shoulderY + 0.12, -archer.torso.halfDepth - 0.07],
          { r: 0.065 },
        ),
      ),
      part(
        'fletching',
        C.white,
        cube([-0.11, archer.shoulderY + 0.16, -archer.torso.halfDepth - 0.07], 0.04),
      ),
    ],
  },
  {
    name: 'bandit_leader',
    parts: [
      ...leader.parts,
      part(
        'hat_brim',
        C.black,
        frustum({ y0: leader.headTop - 0.02, y1: leader.headTop + 0.01, r0: 0.3, r1: 0.3, sides: 8 }),
      ),
      part(
        'hat_crown',
        C.black,
        frustum({ y0: leader.headTop + 0.01, y1: leader.headTop + 0.18, r0: 0.16, r1: 0.13, sides: 8 }),
      ),
      part(
        'hat_band',
        C.gold,
        frustum({ y0: leader.headTop + 0.01, y1: leader.headTop + 0.05, r0: 0.165, r1: 0.16, sides: 8 }),
      ),
      part(
        'cape',
        [0.12, 0.1, 0.12],
        box(
          [-leader.torso.halfWidth - 0.02, 0.3, -leader.torso.halfDepth - 0.05],
          [leader.torso.halfWidth + 0.02, leader.shoulderY, -leader.torso.halfDepth - 0.02],
        ),
      ),
      part(
        'ledger',
        C.leather,
        box(
          [-leader.torso.halfWidth - 0.05, leader.waistY - 0.25, -0.12],
          [-leader.torso.halfWidth + 0.01, leader.waistY + 0.02, 0.1],
        ),
      ),
      ...sword(leader, 1, C.steel, 0.75),
    ],
  },
];

function heldDagger(rig: HumanoidRig): ModelPart[] {
  const [hx, hy, hz] = rig.hand(1);
  return [
    part('dagger', C.steel, beam([hx, hy, hz + 0.04], [hx, hy + 0.08, hz + 0.34], { r: 0.03, r1: 0.012 })),
  ];
}
