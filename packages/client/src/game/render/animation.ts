/**
 * Procedural character animation: which animation an entity plays (from what the client knows
 * of it: moving, running, a combat swing, a skilling action, a death) and the pose of each limb at
 * a moment of it. Pure functions of state and time (no three.js), so the poses are unit-tested;
 * character.ts applies a pose to the limbs of a drawn character.
 */

/** The animations a character plays. */
export type AnimName = 'idle' | 'walk' | 'run' | 'attack' | SkillAnim | 'death';

/**
 * The skilling actions: the own player's from the resource it gathers at, another player's from the
 * activity its snapshot carries (look.ts).
 */
export type SkillAnim =
  'woodcutting' | 'mining' | 'fishing' | 'firemaking' | 'cooking' | 'smelting' | 'smithing';

/**
 * Limb angles in radians (rotation about the sideways axis: positive swings forward/up), the
 * body's bob (world units up), lean (forward tilt) and, while dying, how far it has fallen (0..1).
 */
export interface Pose {
  bob: number;
  lean: number;
  head: number;
  leftArm: number;
  rightArm: number;
  /** Right elbow/forearm raise, added to the right arm for chops and swings. */
  rightForearm: number;
  leftLeg: number;
  rightLeg: number;
  /** 0 standing .. 1 lying on the ground. */
  fall: number;
}

/** What the client knows of an entity at a moment, to choose its animation. */
export interface AnimInput {
  dying: boolean;
  moving: boolean;
  running: boolean;
  /** The end (ms) of the last combat swing's animation, if one is playing. */
  swingUntil: number | undefined;
  /** A skilling action in progress (set by a gather request, cleared by activity:stopped). */
  skill: SkillAnim | undefined;
}

/** How long one combat swing animates (one tick of 600 ms). */
export const SWING_MS = 600;

/** The animation to play: death beats movement, movement beats a swing, a swing beats skilling. */
export function animFor(s: AnimInput, now: number): AnimName {
  if (s.dying) return 'death';
  if (s.moving) return s.running ? 'run' : 'walk';
  if (s.swingUntil !== undefined && now < s.swingUntil) return 'attack';
  if (s.skill) return s.skill;
  return 'idle';
}

/** Which skilling animation a resource kind (resources.json `kind`) plays. */
export function skillAnimFor(resourceKind: string | undefined): SkillAnim | undefined {
  switch (resourceKind) {
    case 'tree':
      return 'woodcutting';
    case 'rock':
      return 'mining';
    case 'fishing_spot':
      return 'fishing';
    default:
      return undefined;
  }
}

const REST: Pose = {
  bob: 0,
  lean: 0,
  head: 0,
  leftArm: 0,
  rightArm: 0,
  rightForearm: 0,
  leftLeg: 0,
  rightLeg: 0,
  fall: 0,
};

/** 0..1 progress through a cycle of `periodMs` at time `t`. */
function phase(t: number, periodMs: number): number {
  const p = (t % periodMs) / periodMs;
  return p < 0 ? p + 1 : p;
}

/** A chop / strike: a slow raise then a fast fall, as 0 (rest) .. 1 (raised) over the cycle. */
function strike(p: number): number {
  return p < 0.7 ? Math.sin((p / 0.7) * (Math.PI / 2)) : Math.cos(((p - 0.7) / 0.3) * (Math.PI / 2));
}

/**
 * The pose of animation `anim` at `t` ms after it started (`t` is the time since the swing or
 * death began for `attack` and `death`, any running clock for the looping ones).
 */
export function poseAt(anim: AnimName, t: number, deathMs = 1800): Pose {
  switch (anim) {
    case 'idle': {
      const breathe = Math.sin(phase(t, 3200) * Math.PI * 2);
      return { ...REST, bob: 0.01 * breathe, leftArm: 0.04 * breathe, rightArm: -0.04 * breathe };
    }
    case 'walk':
    case 'run': {
      const run = anim === 'run';
      const s = Math.sin(phase(t, run ? 420 : 600) * Math.PI * 2);
      const legs = run ? 0.85 : 0.5;
      const arms = run ? 0.9 : 0.45;
      return {
        ...REST,
        bob: Math.abs(s) * (run ? 0.08 : 0.04),
        lean: run ? 0.18 : 0.04,
        leftLeg: legs * s,
        rightLeg: -legs * s,
        leftArm: -arms * s,
        rightArm: arms * s,
        rightForearm: run ? 0.5 : 0,
      };
    }
    case 'attack': {
      const p = Math.min(1, Math.max(0, t / SWING_MS));
      // Wind up over the first 40 %, strike forward, recover.
      const arm = p < 0.4 ? 2.2 * (p / 0.4) : p < 0.6 ? 2.2 - 3.2 * ((p - 0.4) / 0.2) : -1 + (p - 0.6) / 0.4;
      return {
        ...REST,
        rightArm: arm,
        rightForearm: 0.3,
        lean: p > 0.4 && p < 0.8 ? 0.15 : 0.05,
        leftLeg: 0.2,
      };
    }
    case 'woodcutting': {
      const r = strike(phase(t, 1200));
      return {
        ...REST,
        rightArm: 0.3 + 1.5 * r,
        leftArm: 0.3 + 1.3 * r,
        rightForearm: 0.4,
        lean: 0.12 - 0.1 * r,
      };
    }
    case 'mining': {
      const r = strike(phase(t, 1000));
      return {
        ...REST,
        rightArm: 0.4 + 2.1 * r,
        leftArm: 0.4 + 1.9 * r,
        rightForearm: 0.2,
        lean: 0.3 - 0.2 * r,
      };
    }
    case 'fishing': {
      const s = Math.sin(phase(t, 2400) * Math.PI * 2);
      return {
        ...REST,
        rightArm: 0.9 + 0.12 * s,
        leftArm: 0.7 + 0.08 * s,
        rightForearm: 0.3,
        lean: 0.06,
        head: -0.15,
      };
    }
    case 'firemaking': {
      // Crouched low over the logs, striking the tinderbox.
      const r = strike(phase(t, 800));
      return {
        ...REST,
        lean: 0.45,
        bob: -0.12,
        leftLeg: 0.6,
        rightLeg: -0.2,
        leftArm: 1.0,
        rightArm: 0.9 + 0.35 * r,
        rightForearm: 0.3,
        head: -0.2,
      };
    }
    case 'cooking':
    case 'smelting': {
      // Arms held out over the range or into the furnace, stirring a little.
      const s = Math.sin(phase(t, anim === 'cooking' ? 1600 : 2400) * Math.PI * 2);
      return {
        ...REST,
        lean: 0.1,
        leftArm: 1.1 + 0.06 * s,
        rightArm: 1.1 - 0.1 * s,
        rightForearm: 0.2,
        head: -0.1,
      };
    }
    case 'smithing': {
      const r = strike(phase(t, 900));
      return { ...REST, lean: 0.15, leftArm: 0.8, rightArm: 0.5 + 1.4 * r, rightForearm: 0.5, head: -0.2 };
    }
    case 'death': {
      const p = Math.min(1, Math.max(0, t / Math.max(1, deathMs)));
      const fall = p * p * (3 - 2 * p);
      return {
        ...REST,
        fall,
        leftArm: 0.6 * fall,
        rightArm: 0.8 * fall,
        leftLeg: 0.1 * fall,
        head: 0.3 * fall,
      };
    }
  }
}
