/**
 * Hostile humanoid NPC models: goblins, the undead, the hill giant, the Gloom Warden boss and
 * the dark acolyte. Built on the shared humanoid with their own proportions and props.
 */
import type { Vec3 } from './glb';
import { box, frustum, pyramid } from './glb-shapes';
import { ball, beam } from './glb-solids';
import type { ModelPart, ModelSpec } from './glb-write';
import { humanoid } from './models-humanoid';
import type { HumanoidRig } from './models-humanoid';
import { C, GLOW, glow, pair, part } from './models-kit';
import type { Rgb } from './models-kit';
import { helmet, sword } from './models-people';

/** Pointed ears sticking out sideways from the head. */
function ears(rig: HumanoidRig, color: Rgb, reach: number): ModelPart[] {
  const [, cy] = rig.headCentre;
  const h = rig.headHalf;
  return pair((side, label) =>
    part(
      `ear_${label}`,
      color,
      pyramid(
        [
          [side * h, cy - 0.04, -0.05],
          [side * h, cy - 0.04, 0.05],
          [side * h, cy + 0.06, 0.05],
          [side * h, cy + 0.06, -0.05],
        ],
        [side * (h + reach), cy + 0.08, -0.04],
      ),
    ),
  );
}

/** A club from the hand, thick end down by the feet. */
function club(rig: HumanoidRig, r0: number, r1: number): ModelPart {
  const [hx, hy, hz] = rig.hand(1);
  return part(
    'club',
    C.wood,
    beam([hx, hy + 0.05, hz], [hx + 0.05, r1 + 0.01, hz + 0.45 * rig.k], { r: r0, r1, sides: 6 }),
  );
}

const goblin = humanoid({
  scale: 0.6,
  build: 0.95,
  head: 1.4,
  skin: C.goblin,
  top: C.leather,
  legs: [0.3, 0.22, 0.12],
  feet: C.darkWood,
  eyes: [0.95, 0.8, 0.1],
});
const gHand = goblin.hand(1);

const brute = humanoid({
  scale: 0.88,
  build: 1.5,
  head: 1.2,
  skin: [0.28, 0.45, 0.15],
  top: C.iron,
  arms: [0.28, 0.45, 0.15],
  legs: C.leather,
  feet: C.darkWood,
  belt: C.leather,
  eyes: [0.95, 0.7, 0.1],
});
const pole = brute.hand(-1);

const skeleton = humanoid({ build: 0.7, skin: C.bone, top: C.bone, legs: C.bone, feet: C.bone });
const zombie = humanoid({
  skin: C.zombie,
  top: [0.38, 0.33, 0.25],
  arms: C.zombie,
  legs: [0.2, 0.22, 0.35],
  feet: C.darkWood,
  hair: [0.2, 0.2, 0.15],
  eyes: [0.8, 0.2, 0.1],
  pose: 'forward',
});

const giantSkin: Rgb = [0.8, 0.6, 0.45];
const giant = humanoid({
  scale: 1.85,
  build: 1.3,
  head: 0.95,
  skin: giantSkin,
  top: giantSkin,
  legs: giantSkin,
  feet: C.leather,
  belt: C.leather,
  hair: C.darkWood,
});

const armour: Rgb = [0.2, 0.22, 0.28];
const warden = humanoid({
  scale: 1.3,
  build: 1.2,
  skin: [0.12, 0.12, 0.16],
  top: armour,
  legs: armour,
  feet: C.iron,
  belt: C.iron,
  eyes: GLOW.spirit,
  glowingEyes: true,
});

const robe: Rgb = [0.16, 0.08, 0.2];
const acolyte = humanoid({
  skin: [0.75, 0.7, 0.68],
  top: robe,
  legs: robe,
  robe,
  feet: C.black,
  belt: C.black,
  eyes: GLOW.eyeRed,
  glowingEyes: true,
});
const staff = acolyte.hand(1);
const at = (v: Vec3, dx: number, dy: number, dz: number): Vec3 => [v[0] + dx, v[1] + dy, v[2] + dz];

/** Monsters of the default world (npcs.json `model` fields). */
export const MONSTER_MODELS: readonly ModelSpec[] = [
  {
    name: 'goblin',
    parts: [
      ...goblin.parts,
      ...ears(goblin, C.goblin, 0.16),
      part('club', C.wood, beam(gHand, at(gHand, 0, 0.12, 0.4), { r: 0.03, r1: 0.06, sides: 6 })),
    ],
  },
  {
    name: 'goblin_brute',
    parts: [
      ...brute.parts,
      ...ears(brute, [0.28, 0.45, 0.15], 0.2),
      part('banner_pole', C.wood, beam([pole[0], 0.02, pole[2]], [pole[0], 2.1, pole[2]], { r: 0.035 })),
      part(
        'banner',
        C.red,
        box([pole[0] - 0.55, 1.5, pole[2] - 0.015], [pole[0] - 0.03, 2.05, pole[2] + 0.015]),
      ),
      part(
        'banner_tatter',
        C.red,
        box([pole[0] - 0.3, 1.3, pole[2] - 0.015], [pole[0] - 0.03, 1.5, pole[2] + 0.015]),
      ),
      part(
        'banner_mark',
        C.black,
        box([pole[0] - 0.38, 1.68, pole[2] + 0.015], [pole[0] - 0.2, 1.86, pole[2] + 0.03]),
      ),
    ],
  },
  {
    name: 'skeleton',
    parts: [
      ...skeleton.parts,
      ...[0, 1, 2].map((i) => {
        const y = skeleton.waistY + 0.12 + i * 0.12;
        const { halfWidth: w, halfDepth: d } = skeleton.torso;
        return part(`rib_gap_${i}`, C.black, box([-w * 0.8, y, d], [w * 0.8, y + 0.04, d + 0.01]));
      }),
      ...sword(skeleton, 1, [0.5, 0.32, 0.2]),
    ],
  },
  { name: 'zombie', parts: zombie.parts },
  {
    name: 'hill_giant',
    parts: [
      ...giant.parts,
      part(
        'loincloth',
        C.leather,
        box(
          [-giant.torso.halfWidth * 1.05, giant.waistY - 0.35, -giant.torso.halfDepth * 1.05],
          [giant.torso.halfWidth * 1.05, giant.waistY + 0.05, giant.torso.halfDepth * 1.05],
        ),
      ),
      club(giant, 0.07, 0.17),
    ],
  },
  {
    name: 'gloom_warden',
    parts: [
      ...warden.parts,
      helmet(warden, C.iron),
      ...pair((side, label) =>
        part(
          `horn_${label}`,
          C.bone,
          beam(
            [side * warden.headHalf * 1.1, warden.headTop - 0.02, 0],
            [side * warden.headHalf * 2.4, warden.headTop + 0.35, -0.05],
            { r: 0.05, r1: 0.012 },
          ),
        ),
      ),
      ...pair((side, label) => {
        const x = side * (warden.torso.halfWidth + 0.08);
        return part(
          `pauldron_${label}`,
          C.iron,
          ball({ at: [x, warden.shoulderY - 0.02, 0], r: [0.17, 0.11, 0.17], sides: 6, bands: 3 }),
        );
      }),
      part(
        'cape',
        [0.18, 0.08, 0.22],
        box(
          [-warden.torso.halfWidth, 0.08, -warden.torso.halfDepth - 0.06],
          [warden.torso.halfWidth, warden.shoulderY, -warden.torso.halfDepth - 0.02],
        ),
      ),
      glow(
        'core',
        GLOW.spirit,
        ball({ at: [0, warden.shoulderY - 0.25, warden.torso.halfDepth], r: 0.07, sides: 6 }),
      ),
      ...sword(warden, 1, [0.35, 0.4, 0.5], 1.1),
    ],
  },
  {
    name: 'dark_acolyte',
    parts: [
      ...acolyte.parts,
      part(
        'hood',
        robe,
        box(
          [-acolyte.headHalf - 0.03, acolyte.headCentre[1] - acolyte.headHalf, -acolyte.headHalf - 0.04],
          [acolyte.headHalf + 0.03, acolyte.headTop + 0.05, acolyte.headHalf - 0.015],
        ),
      ),
      part(
        'hood_peak',
        robe,
        frustum({
          at: [0, -0.04],
          y0: acolyte.headTop + 0.05,
          y1: acolyte.headTop + 0.2,
          r0: 0.15,
          r1: 0,
          sides: 4,
          twist: Math.PI / 4,
        }),
      ),
      part('staff', C.darkWood, beam([staff[0], 0.02, staff[2]], [staff[0], 1.85, staff[2]], { r: 0.03 })),
      glow('orb', [0.6, 0.2, 0.9], ball({ at: [staff[0], 1.95, staff[2]], r: 0.1, sides: 6 })),
      ...pair((side, label) =>
        part(
          `trim_${label}`,
          C.red,
          beam([side * 0.05, 0.1, 0.274], [side * 0.05, 0.8, 0.225], { r: 0.025 }),
        ),
      ),
    ],
  },
];
