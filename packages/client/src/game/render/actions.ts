import type { Content } from '../../content';
import type { GameStore } from '../store';
import { skillAnimFor, SWING_MS, type SkillAnim } from './animation';

/** The own player's skilling action: which animation, and the object it faces. */
export interface SkillAction {
  anim: SkillAnim;
  x: number;
  z: number;
}

/**
 * The resource a gather request names, from the altered objects the server sent or else the area
 * placements (`<areaId>:r<index>`), as the world view places them.
 */
export function gatherTarget(
  content: Content,
  altered: ReadonlyMap<string, { defId: string; x: number; z: number }>,
  objectId: string,
): { resourceId: string; x: number; z: number } | undefined {
  const a = altered.get(objectId);
  if (a) return { resourceId: a.defId, x: a.x, z: a.z };
  const m = /^(.*):r(\d+)$/.exec(objectId);
  if (!m) return undefined;
  const r = content.areas.find((area) => area.id === m[1])?.resources?.[Number(m[2])];
  return r ? { resourceId: r.resourceId, x: r.x, z: r.z } : undefined;
}

/**
 * What the characters are doing, for their animations: combat swings of any entity in view
 * (combat:hit names the attacker) and the own player's skilling (a gather request starts it; the
 * server's activity:stopped or any other move or action ends it).
 */
export class EntityActions {
  private readonly swings = new Map<string, number>();
  private skill_: SkillAction | undefined;
  private readonly offs: (() => void)[] = [];

  constructor(store: GameStore, content: Content, clock: () => number = () => performance.now()) {
    this.offs.push(
      store.on('combat:hit', (hit) => {
        if (hit.attackerId) this.swings.set(hit.attackerId, clock());
      }),
      store.on('activity:stopped', () => {
        this.skill_ = undefined;
      }),
      store.local.on('acted', (event, data) => {
        if (event !== 'player:move' && event !== 'player:action') return;
        const d = data as { action?: string; objectId?: string };
        if (event === 'player:action' && d.action === 'gather' && d.objectId) {
          const t = gatherTarget(content, store.world.objects, d.objectId);
          const anim = skillAnimFor(t ? content.resources.get(t.resourceId)?.kind : undefined);
          this.skill_ = t && anim ? { anim, x: t.x, z: t.z } : undefined;
        } else if (event === 'player:move' || (d.action !== 'setRun' && d.action !== 'setStyle')) {
          this.skill_ = undefined;
        }
      }),
    );
  }

  /** The own player's skilling action in progress, if any. */
  get skill(): SkillAction | undefined {
    return this.skill_;
  }

  /** When the entity's last swing began, while its animation lasts. */
  swingStart(id: string, now: number): number | undefined {
    const at = this.swings.get(id);
    if (at === undefined) return undefined;
    if (now - at > SWING_MS) {
      this.swings.delete(id);
      return undefined;
    }
    return at;
  }

  dispose(): void {
    for (const off of this.offs) off();
    this.offs.length = 0;
  }
}
