/**
 * A parametric low-poly humanoid (boots, legs, torso, belt, arms, hands, box head with nose
 * and eyes), shared by every person-shaped NPC so they read as one family and differ by
 * proportions, colours and props. Faces +Z, feet on y = 0.
 */
import type { Vec3 } from './glb';
import { box, frustum } from './glb-shapes';
import type { Face } from './glb-shapes';
import { beam } from './glb-solids';
import type { ModelPart } from './glb-write';
import { C, part, sx } from './models-kit';
import type { Rgb } from './models-kit';

/** How a humanoid looks. Sizes are multipliers of a 1.7-tile-tall adult. */
export interface HumanoidLook {
  /** Overall size (1 = adult human). */
  scale?: number;
  /** Horizontal bulk of torso, limbs and shoulders. */
  build?: number;
  /** Head size. */
  head?: number;
  skin: Rgb;
  top: Rgb;
  legs: Rgb;
  feet: Rgb;
  /** Sleeve colour (defaults to `top`). */
  arms?: Rgb;
  belt?: Rgb;
  hair?: Rgb;
  /** A long robe from waist to ankles over the legs. */
  robe?: Rgb;
  /** Eye colour; glowing when `glowingEyes`. */
  eyes?: Rgb;
  glowingEyes?: boolean;
  /** 'forward' reaches out in front (shamblers). */
  pose?: 'down' | 'forward';
}

/** Where props attach, in model units (already scaled). */
export interface HumanoidRig {
  parts: ModelPart[];
  /** The size multiplier, to scale props with the body. */
  k: number;
  /** Centre of the right (+x) or left (-x) hand. */
  hand: (side: 1 | -1) => Vec3;
  headCentre: Vec3;
  /** Half the head's edge. */
  headHalf: number;
  /** Top of the head (before hair or hats). */
  headTop: number;
  shoulderY: number;
  waistY: number;
  /** Half-width and half-depth of the torso. */
  torso: { halfWidth: number; halfDepth: number };
}

const scaled = (faces: Face[], k: number): Face[] =>
  faces.map((f) => f.map(([x, y, z]): Vec3 => [x * k, y * k, z * k]));

/** Builds a humanoid and the attachment points for its props. */
export function humanoid(look: HumanoidLook): HumanoidRig {
  const k = look.scale ?? 1;
  const b = look.build ?? 1;
  const h = look.head ?? 1;
  const hw = 0.21 * b;
  const hd = 0.12 * (1 + (b - 1) / 2);
  const waist = 0.82;
  const shoulder = 1.34;
  const headHalf = 0.135 * h;
  const headCentre: Vec3 = [0, shoulder + 0.03 + headHalf, 0];
  const p = (name: string, color: Rgb, faces: Face[], emissive?: Rgb): ModelPart =>
    part(name, color, scaled(faces, k), emissive);
  const parts: ModelPart[] = [];
  for (const [side, label] of [
    [-1, 'left'],
    [1, 'right'],
  ] as const) {
    const lx0 = 0.025 * b;
    const lx1 = 0.16 * b;
    parts.push(
      p(`boot_${label}`, look.feet, box(sx(side, [lx0, 0, -0.08]), sx(side, [lx1 + 0.01, 0.1, 0.13]))),
    );
    if (!look.robe) {
      parts.push(
        p(`leg_${label}`, look.legs, box(sx(side, [lx0, 0.1, -0.065]), sx(side, [lx1, waist, 0.065]))),
      );
    }
    const armTop = sx(side, [hw + 0.06 * b, shoulder - 0.05, 0]);
    const handAt: Vec3 =
      look.pose === 'forward'
        ? sx(side, [hw + 0.04 * b, shoulder - 0.12, 0.55])
        : sx(side, [hw + 0.08 * b, 0.82, 0]);
    const wrist: Vec3 =
      look.pose === 'forward' ? [handAt[0], handAt[1], handAt[2] - 0.06] : [handAt[0], handAt[1] + 0.06, 0];
    parts.push(p(`arm_${label}`, look.arms ?? look.top, beam(armTop, wrist, { r: 0.085 * b })));
    const hs = 0.05 * b;
    parts.push(
      p(
        `hand_${label}`,
        look.skin,
        box(
          [handAt[0] - hs, handAt[1] - hs, handAt[2] - hs],
          [handAt[0] + hs, handAt[1] + hs, handAt[2] + hs],
        ),
      ),
    );
    const ey = headCentre[1] + 0.02 * h;
    const eye = box(
      sx(side, [0.035 * h, ey - 0.02 * h, headHalf]),
      sx(side, [0.075 * h, ey + 0.02 * h, headHalf + 0.012]),
    );
    parts.push(p(`eye_${label}`, look.eyes ?? C.black, eye, look.glowingEyes ? look.eyes : undefined));
  }
  if (look.robe) {
    parts.push(
      p(
        'robe',
        look.robe,
        frustum({ y0: 0.06, y1: waist + 0.02, r0: 0.3 * b, r1: 0.24 * b, sides: 8, twist: Math.PI / 8 }),
      ),
    );
  }
  parts.push(p('torso', look.top, box([-hw, waist, -hd], [hw, shoulder, hd])));
  if (look.belt)
    parts.push(
      p('belt', look.belt, box([-hw - 0.01, waist, -hd - 0.01], [hw + 0.01, waist + 0.08, hd + 0.01])),
    );
  const [, cy] = headCentre;
  parts.push(
    p('head', look.skin, box([-headHalf, cy - headHalf, -headHalf], [headHalf, cy + headHalf, headHalf])),
  );
  parts.push(
    p('nose', look.skin, box([-0.025 * h, cy - 0.05 * h, headHalf], [0.025 * h, cy, headHalf + 0.04 * h])),
  );
  if (look.hair) {
    parts.push(
      p(
        'hair',
        look.hair,
        box(
          [-headHalf - 0.01, cy + headHalf * 0.45, -headHalf - 0.015],
          [headHalf + 0.01, cy + headHalf + 0.04, headHalf * 0.6],
        ),
      ),
    );
  }
  const scale = (v: Vec3): Vec3 => [v[0] * k, v[1] * k, v[2] * k];
  return {
    parts,
    k,
    hand: (side) =>
      scale(
        look.pose === 'forward'
          ? sx(side, [hw + 0.04 * b, shoulder - 0.12, 0.55])
          : sx(side, [hw + 0.08 * b, 0.82, 0]),
      ),
    headCentre: scale(headCentre),
    headHalf: headHalf * k,
    headTop: (cy + headHalf) * k,
    shoulderY: shoulder * k,
    waistY: waist * k,
    torso: { halfWidth: hw * k, halfDepth: hd * k },
  };
}
