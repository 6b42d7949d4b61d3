// The option lists of an agent card (goals, targets, quick commands), rebuilt only when their content changes.
import { GOAL_TYPES } from '@tilerealm/protocol';
import { h, replaceChildren } from '../dom';
import type { CardActions, CardView } from './card';
import {
  goalActionLabel,
  preselectedGoal,
  readableName,
  type AvailableGoalView,
  type GoalView,
  type QuickActions,
} from './model';

export function fillGoalSelect(
  card: CardView,
  goals: AvailableGoalView[] | undefined,
  current: GoalView | null,
): void {
  // Before the first answer every type is offered; the server refuses unavailable ones (409).
  const list: AvailableGoalView[] = goals ?? GOAL_TYPES.map((type) => ({ type, available: true }));
  const key = JSON.stringify([list.map((g) => [g.type, g.available, g.reason]), current?.type]);
  if (key === card.goalKey) return;
  card.goalKey = key;
  const previous = card.goalSelect.value;
  replaceChildren(
    card.goalSelect,
    list.map((g) =>
      h(
        'option',
        { value: g.type, disabled: !g.available, title: g.reason ?? '' },
        g.available
          ? readableName(g.type)
          : `${readableName(g.type)} (unavailable${g.reason ? `: ${g.reason}` : ''})`,
      ),
    ),
  );
  card.goalSelect.value = preselectedGoal(list, current, card.goalTouched ? previous : undefined);
}

/** The set-goal button says what it will do: `Start woodcutting at Mirror Lake`. */
export function labelGoalSet(card: CardView): void {
  const type = card.goalSelect.value;
  card.goalSet.textContent = type
    ? goalActionLabel(type, card.targetSelect.value || undefined, card.names)
    : 'Choose a goal';
}

export function fillTargets(
  card: CardView,
  places: QuickActions['places'] | undefined,
  current: GoalView | null,
): void {
  const key = JSON.stringify([(places ?? []).map((p) => [p.id, p.distance]), current?.target]);
  if (key === card.targetKey) return;
  card.targetKey = key;
  const previous = card.targetSelect.value;
  replaceChildren(
    card.targetSelect,
    h('option', { value: '' }, '(no target)'),
    (places ?? []).map((p) =>
      h('option', { value: p.id }, p.distance === undefined ? p.name : `${p.name} (${p.distance} tiles)`),
    ),
  );
  const want = card.goalTouched ? previous : (current?.target ?? '');
  card.targetSelect.value = (places ?? []).some((p) => p.id === want) ? want : '';
}

export function fillQuick(
  card: CardView,
  agentId: string,
  commands: QuickActions['commands'] | undefined,
  actions: CardActions,
): void {
  // stop / resume follow the pause flag: the Pause and Resume buttons use the goal endpoints for them.
  const shown = (commands ?? []).filter((c) => c.command !== 'stop' && c.command !== 'resume');
  const key = JSON.stringify(shown.map((c) => [c.command, c.label, c.message, c.available, c.reason]));
  if (key === card.quickKey) return;
  card.quickKey = key;
  replaceChildren(
    card.quick,
    shown.length > 0 ? h('span', { class: 'muted' }, 'Quick:') : null,
    shown.map((c) => {
      const b: HTMLButtonElement = h(
        'button',
        {
          type: 'button',
          disabled: !c.available,
          title: c.available ? `Sends "${c.message}"` : (c.reason ?? 'not available now'),
          'data-testid': `agent-quick-${c.command}-${agentId}`,
        },
        c.label,
      );
      b.addEventListener('click', () => void actions.sendMessage(agentId, c.message, b));
      return b;
    }),
  );
}
