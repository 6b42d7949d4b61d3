import { h } from '../dom';
import { describeError, runtimeAgentSchema } from './model';
import { RETRY_DELAYS_MS, withRetry } from './poller';

/** What the create form needs from the dashboard page. */
export interface CreateFormDeps {
  call(method: 'POST', path: string, body: unknown): Promise<unknown>;
  /** withRetry's wait (cancelled when the page goes). */
  wait(ms: number): Promise<void>;
  isDisposed(): boolean;
  showError(text: string): void;
  /** Called after every attempt, success or not (the page polls at once). */
  afterCreate(): void;
}

/**
 * The "Create an agent" section: a name field and a button that asks the agent runtime to create
 * the agent (with the retry backoff), reporting the outcome beside the button.
 */
export function buildCreateForm(deps: CreateFormDeps): HTMLElement {
  const createName = h('input', {
    type: 'text',
    maxlength: 12,
    placeholder: 'New agent name',
    'aria-label': 'New agent name',
    'data-testid': 'agent-create-name',
  });
  const createButton = h(
    'button',
    { type: 'submit', class: 'primary', 'data-testid': 'agent-create' },
    'Create agent',
  );
  const createResult = h('span', { class: 'dash-create-result', 'data-testid': 'agent-create-result' });

  async function createAgent(): Promise<void> {
    const name = createName.value.trim();
    if (!name) {
      createResult.textContent = 'Enter a name for the agent.';
      createResult.className = 'dash-create-result error';
      return;
    }
    deps.showError('');
    createButton.disabled = true;
    createResult.className = 'dash-create-result muted';
    createResult.textContent = `Creating ${name}...`;
    let retried = false;
    try {
      const body = await withRetry(
        () => deps.call('POST', '/api/agent/agents', { name }),
        RETRY_DELAYS_MS,
        deps.wait,
        {
          onRetry: (attempt, delayMs, err) => {
            retried = true;
            if (!deps.isDisposed())
              createResult.textContent = `Creating failed (${describeError(err)}); retry ${attempt} of 3 in ${delayMs / 1000} s`;
          },
        },
      );
      if (deps.isDisposed()) return;
      const created = runtimeAgentSchema.safeParse(body);
      createResult.className = 'dash-create-result good';
      createResult.textContent = `Created ${created.success ? created.data.name : name}.`;
      createName.value = '';
    } catch (err) {
      if (deps.isDisposed()) return;
      let text = `Could not create ${name}: ${describeError(err)}`;
      if (retried && typeof err === 'object' && err !== null && 'code' in err && err.code === 'name_taken')
        text += ' An earlier attempt may have created it: see the list.';
      createResult.className = 'dash-create-result error';
      createResult.textContent = text;
      deps.showError(text);
    } finally {
      createButton.disabled = false;
      if (!deps.isDisposed()) deps.afterCreate();
    }
  }

  const createForm = h(
    'form',
    {
      class: 'dash-create row',
      onsubmit: (e: Event) => {
        e.preventDefault();
        void createAgent();
      },
    },
    createName,
    createButton,
    createResult,
  );
  return h('section', { class: 'dash-create-section' }, h('h2', {}, 'Create an agent'), createForm);
}
