import type { GameClient } from '@tilerealm/sdk';
import type { ActivityLog } from './activity-log';
import { combatTracker } from './behaviours/combat-tracker';
import type { QuestTracker } from './behaviours/questing';
import type { ControlState } from './planner';

/** The bank as last seen open (the server sends it only while open), for the dashboard. */
export interface SeenBank {
  at: string;
  slots: { itemId: string; quantity: number }[];
}

/** What an agent's connection tells the runner, and where the runner writes it down. */
export interface AgentEventSink {
  readonly activity: ActivityLog;
  readonly quests: QuestTracker;
  /** The owner's own characters: their public chat is heard as the owner's words. */
  readonly ownerCharacterIds: ReadonlySet<string>;
  onControl(control: ControlState): void;
  onOwnerText(text: string): void;
  onBank(bank: SeenBank): void;
}

/**
 * Subscribes an agent to its connection's events before login (so nothing sent on entering the
 * world is missed): the owner's control and messages, the owner's chat within hearing, the bank as
 * seen, XP and levels for the activity log, quest progress and combat (deaths, gravestones).
 */
export function followAgentEvents(c: GameClient, sink: AgentEventSink): void {
  sink.quests.attach(c);
  // Before login: the gravestones a joining player is told of are a death to recover from.
  combatTracker(c);
  c.on('agent:control', (ctl) => sink.onControl({ goal: ctl.goal, goalsPaused: ctl.goalsPaused }));
  c.on('agent:message', (m) => sink.onOwnerText(m.message));
  c.on('bank:update', (b) => {
    const slots = b.slots.map((x) => ({ itemId: x.itemId, quantity: x.quantity }));
    sink.onBank({ at: new Date().toISOString(), slots });
  });
  c.on('skill:xp', (x) =>
    sink.activity.add(`+${x.amount} ${x.skill} xp (${x.xp} in all)`, 'xp', {
      skill: x.skill,
      amount: x.amount,
      xp: x.xp,
      level: x.level,
    }),
  );
  c.on('skill:levelUp', (l) =>
    sink.activity.add(`${l.skill} level ${l.level}`, 'xp', { skill: l.skill, level: l.level }),
  );
  c.on('chat:message', (m) => {
    if (m.channel === 'public' && m.from && sink.ownerCharacterIds.has(m.from.id))
      sink.onOwnerText(m.message);
  });
}
