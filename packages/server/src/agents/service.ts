import { randomBytes } from 'node:crypto';
import {
  availableGoals,
  type AvailableGoal,
  type Goal,
  type GoalType,
  type PlayerStatePayload,
  type Rid,
} from '@tilerealm/protocol';
import { createCharacter, type CreateCharacterOutcome } from '../accounts/characters';
import type { Content } from '../content/load';
import type { AgentRow, JsonValue, Repositories } from '../storage';
import { offlineLink, type AgentLink } from './link';
import { nearbyPlaces, positionOf, quickCommands, type QuickCommand, type QuickPlace } from './quick-actions';
import { judgeReport, storedGoal } from './report-rules';
import { savedPlayerState } from './saved-state';
import { whenSettled } from '../social/serial';
import type { Log } from '../app/logger';

export interface AgentServiceDeps {
  repos: Repositories;
  content: Content;
  logger?: Log;
  /** Clock of goal start times (tests pass their own). */
  now?: () => Date;
}

/** An agent's goal state as every goal endpoint answers it. */
export interface GoalState {
  goal: Goal | null;
  goalsPaused: boolean;
  availableGoals: AvailableGoal[];
}

export interface AgentSummary {
  agentId: string;
  characterId: string | null;
  name: string;
  goal: Goal | null;
  goalsPaused: boolean;
  online: boolean;
}

export type CreateAgentOutcome =
  | { ok: true; agent: AgentRow }
  | { ok: false; reason: 'agent_exists' }
  | Extract<CreateCharacterOutcome, { ok: false }>;

export type SetGoalOutcome = { ok: true; state: GoalState } | { ok: false; reason: string };

/**
 * The game server's side of agents: the owner's control (goal, pause, messages) persisted in the
 * agents table and pushed to the agent's session as `agent:control` / `agent:message`, and the
 * agent's own `agent:report`s judged by the pause rules. Changes to one agent are applied one at
 * a time, so a report racing an owner's change cannot undo it.
 */
export class AgentService {
  private link: AgentLink = offlineLink;
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: AgentServiceDeps) {}

  /** Connects the service to the live sessions and world (the composition root calls it once). */
  attach(link: AgentLink): void {
    this.link = link;
  }

  /** Creates the agent's character in the owner's account (the normal character rules) and its mapping. */
  async create(accountId: string, input: { name: string; agentId?: string }): Promise<CreateAgentOutcome> {
    const { repos, content } = this.deps;
    const agentId = input.agentId ?? `ag_${randomBytes(9).toString('base64url')}`;
    if (await repos.agents.get(agentId)) return { ok: false, reason: 'agent_exists' };
    if (await repos.characters.findByName(input.name)) return { ok: false, reason: 'name_taken' };
    const created = await createCharacter(repos, content, { accountId, name: input.name });
    if (!created.ok) return created;
    const agent = await repos.agents.upsert({
      agentId,
      accountId,
      characterId: created.character.id,
      name: input.name,
    });
    return { ok: true, agent };
  }

  async list(accountId: string): Promise<AgentSummary[]> {
    const rows = await this.deps.repos.agents.listByAccount(accountId);
    return rows.map((row) => ({
      agentId: row.agentId,
      characterId: row.characterId,
      name: row.name,
      goal: storedGoal(row.goal),
      goalsPaused: row.goalsPaused,
      online: row.characterId !== null && this.link.isOnline(row.characterId),
    }));
  }

  get(agentId: string): Promise<AgentRow | null> {
    return this.deps.repos.agents.get(agentId);
  }

  /** Removes the mapping only: the character stays in the owner's account. */
  delete(agentId: string): Promise<boolean> {
    return this.deps.repos.agents.delete(agentId);
  }

  async goalState(row: AgentRow): Promise<GoalState> {
    const state = await this.playerState(row);
    return {
      goal: storedGoal(row.goal),
      goalsPaused: row.goalsPaused,
      availableGoals: state ? availableGoals(state) : [],
    };
  }

  /** The owner sets a goal: refused when the character's state marks that goal unavailable. */
  async setGoal(
    agentId: string,
    input: { type: GoalType; target?: string | undefined },
  ): Promise<SetGoalOutcome | null> {
    return this.exclusive(agentId, async () => {
      const row = await this.deps.repos.agents.get(agentId);
      if (!row) return null;
      const state = await this.goalState(row);
      const open = state.availableGoals.find((g) => g.type === input.type);
      if (open && !open.available) return { ok: false as const, reason: open.reason };
      const goal: Goal = {
        type: input.type,
        ...(input.target !== undefined ? { target: input.target } : {}),
        setBy: 'owner',
        startedAt: (this.deps.now?.() ?? new Date()).toISOString(),
      };
      const updated = await this.deps.repos.agents.setGoal(agentId, toJson(goal));
      if (!updated) return null;
      this.pushControl(updated);
      return { ok: true as const, state: { ...state, goal } };
    });
  }

  /**
   * Stop (true) or resume (false). Stopping also cancels the character's path in the next tick;
   * the flag is persisted first, so the agent learns of the pause however its session ends.
   */
  async setPaused(agentId: string, paused: boolean): Promise<GoalState | null> {
    return this.exclusive(agentId, async () => {
      const updated = await this.deps.repos.agents.setGoalsPaused(agentId, paused);
      if (!updated) return null;
      if (paused && updated.characterId) this.link.stopMovement(updated.characterId);
      this.pushControl(updated);
      return this.goalState(updated);
    });
  }

  /** Delivers an owner's message to the agent's session; false when it has no open connection. */
  message(row: AgentRow, text: string): { delivered: boolean; sentAt: string } {
    const sentAt = (this.deps.now?.() ?? new Date()).toISOString();
    const id = row.characterId;
    if (id === null || !this.link.isConnected(id)) return { delivered: false, sentAt };
    this.link.deliver(id, [
      { event: 'agent:message', data: { agentId: row.agentId, message: text, sentAt } },
    ]);
    return { delivered: true, sentAt };
  }

  async quickActions(
    row: AgentRow,
  ): Promise<{ places: QuickPlace[]; goals: AvailableGoal[]; commands: QuickCommand[] }> {
    const state = await this.playerState(row);
    const goals = state ? availableGoals(state) : [];
    const connected = row.characterId !== null && this.link.isConnected(row.characterId);
    return {
      places: nearbyPlaces(this.deps.content, positionOf(state)),
      goals,
      commands: quickCommands({ goalsPaused: row.goalsPaused, connected, goals }),
    };
  }

  /** An `agent:report` from a character's session: kept per the pause rules, acknowledged when it carries a rid. */
  async report(characterId: string, goal: Goal | null, rid: Rid | undefined): Promise<void> {
    let result: { accepted: boolean; reason?: string };
    try {
      const agent = await this.deps.repos.agents.findByCharacter(characterId);
      if (!agent) result = { accepted: false, reason: 'this character is not an agent' };
      else {
        result = await this.exclusive(agent.agentId, async () => {
          const row = await this.deps.repos.agents.get(agent.agentId);
          if (!row) return { accepted: false, reason: 'this character is not an agent' };
          const verdict = judgeReport(storedGoal(row.goal), row.goalsPaused, goal);
          if (!verdict.accept) return { accepted: false, reason: verdict.reason };
          await this.deps.repos.agents.setGoal(row.agentId, verdict.goal ? toJson(verdict.goal) : null);
          return { accepted: true };
        });
      }
    } catch (err) {
      this.deps.logger?.warn({ err, characterId }, 'agent report failed');
      result = { accepted: false, reason: 'the report could not be stored' };
    }
    if (rid !== undefined) {
      this.link.deliver(characterId, [{ event: 'ack', data: { event: 'agent:report', result }, rid }]);
    }
  }

  /** A session joined: when its character is an agent's, it learns its agent id, goal and pause state. */
  async sessionStarted(characterId: string): Promise<void> {
    try {
      const row = await this.deps.repos.agents.findByCharacter(characterId);
      if (row) this.pushControl(row);
    } catch (err) {
      this.deps.logger?.warn({ err, characterId }, 'agent control on join failed');
    }
  }

  /** Resolves once every queued change has been applied (shutdown and tests). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.queues.values()]);
  }

  private pushControl(row: AgentRow): void {
    if (row.characterId === null) return;
    this.link.deliver(row.characterId, [
      {
        event: 'agent:control',
        data: { agentId: row.agentId, goal: storedGoal(row.goal), goalsPaused: row.goalsPaused },
      },
    ]);
  }

  private async playerState(row: AgentRow): Promise<PlayerStatePayload | undefined> {
    const id = row.characterId;
    if (id === null) return undefined;
    const live = this.link.liveState(id);
    if (live) return live;
    const { repos, content } = this.deps;
    const character = await repos.characters.findById(id);
    if (!character) return undefined;
    const [inventory, equipment] = await Promise.all([repos.inventory.get(id), repos.equipment.get(id)]);
    return savedPlayerState(content, character, inventory, equipment);
  }

  private exclusive<T>(agentId: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(agentId) ?? Promise.resolve();
    const next = previous.then(fn, fn);
    const settled = whenSettled(next);
    this.queues.set(agentId, settled);
    void settled.then(() => {
      if (this.queues.get(agentId) === settled) this.queues.delete(agentId);
    });
    return next;
  }
}

/** A goal as the jsonb column stores it (optional fields left out, not undefined). */
function toJson(goal: Goal): JsonValue {
  const out: { [key: string]: JsonValue } = { type: goal.type, setBy: goal.setBy, startedAt: goal.startedAt };
  if (goal.target !== undefined) out['target'] = goal.target;
  if (goal.progress) out['progress'] = { ...goal.progress };
  return out;
}
