import type { AvailableGoal, GoalType, PlayerStatePayload } from '@tilerealm/protocol';
import { GOAL_TYPES } from '@tilerealm/protocol';
import { z } from 'zod';
import { errorText, warn } from './errors';

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

export interface LlmSettings {
  /** Base URL of an OpenAI-compatible API (…/v1); `/chat/completions` is appended. */
  url: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs: number;
}

/**
 * Optional LLM advice through an OpenAI-compatible `/chat/completions` endpoint: which goal to
 * pursue (it must pick one of the available goals) and a short reply to an owner's chat. Every
 * failure (timeout, HTTP error, unparseable answer, a goal not on the list) returns null so the
 * caller falls back to the rule-based planner.
 */
export class LlmAdvisor {
  failures = 0;
  /** Why the last call failed (undefined after a success). */
  lastFailure: string | undefined;

  constructor(private readonly settings: LlmSettings) {}

  /** Asks the model to pick among `options` (best first); null on any failure. */
  async chooseGoal(
    player: PlayerStatePayload,
    options: AvailableGoal[],
  ): Promise<{ type: GoalType; reason: string; reasoning?: string } | null> {
    if (options.length === 0) return null;
    const state = {
      health: `${player.health}/${player.maxHealth}`,
      coins: player.coins,
      freeSlots: 28 - player.inventory.length,
      skills: Object.fromEntries(Object.entries(player.skills).map(([k, v]) => [k, v.level])),
    };
    const list = options.map((o) => `${o.type} (priority ${o.priority}: ${o.reason})`).join('\n');
    const content = await this.complete([
      {
        role: 'system',
        content:
          'You choose the next goal of a game character. Answer with exactly one goal id from the list on the first line, then one short sentence saying why.',
      },
      { role: 'user', content: `State: ${JSON.stringify(state)}\nGoals:\n${list}` },
    ]);
    if (content === null) return null;
    const [first = '', ...rest] = content.trim().split('\n');
    const word = first.trim().toLowerCase();
    const type = GOAL_TYPES.find((g) => word === g || word.startsWith(g) || word.includes(` ${g}`));
    const chosen = type && options.find((o) => o.type === type);
    if (!chosen) {
      this.failed('the answer named none of the available goals');
      return null;
    }
    // The model's own words on why (shown in the activity log), when it gave any.
    const reasoning = rest.join(' ').replace(/\s+/g, ' ').trim().slice(0, 300);
    return reasoning
      ? { type: chosen.type, reason: chosen.reason, reasoning }
      : { type: chosen.type, reason: chosen.reason };
  }

  /** A short in-character reply to the owner's chat line; null on failure. */
  async reply(name: string, text: string): Promise<string | null> {
    const content = await this.complete([
      {
        role: 'system',
        content: `You are ${name}, a friendly character in a fantasy game. Reply in one short sentence.`,
      },
      { role: 'user', content: text },
    ]);
    const line = content?.replace(/\s+/g, ' ').trim();
    return line ? line : null;
  }

  private async complete(messages: { role: string; content: string }[]): Promise<string | null> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.settings.apiKey) headers['authorization'] = `Bearer ${this.settings.apiKey}`;
    try {
      const res = await fetch(`${this.settings.url.replace(/\/$/, '')}/chat/completions`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: this.settings.model, messages, max_tokens: 100, temperature: 0.2 }),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      if (!res.ok) throw new Error(`status ${res.status}`);
      const parsed = completionSchema.parse(await res.json());
      this.lastFailure = undefined;
      return parsed.choices[0]?.message.content ?? null;
    } catch (err) {
      this.failed(errorText(err));
      return null;
    }
  }

  /**
   * Counts a failure (the caller falls back to the rules); the runtime's log gets a line when the
   * reason changes, not one per call while the endpoint stays down.
   */
  private failed(reason: string): void {
    this.failures++;
    if (reason !== this.lastFailure) warn('the LLM advisor failed (the rule-based planner decides)', reason);
    this.lastFailure = reason;
  }
}
