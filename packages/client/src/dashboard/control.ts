import { setNote, type CardView } from './card';
import { describeError } from './model';
import { RETRY_DELAYS_MS, withRetry } from './poller';

/** What a control call needs from the dashboard. */
export interface ControlDeps {
  cardOf(agentId: string): CardView | undefined;
  nameOf(agentId: string): string;
  showError(text: string): void;
  wait: Parameters<typeof withRetry>[2];
  isDisposed(): boolean;
  /** After the call: re-read the details (a success) or the whole agent (a failure). */
  afterwards(agentId: string, ok: boolean): void;
}

/**
 * Runs one control call with the retry backoff (4xx other than 429 are final), reports a failure
 * on the card and in the page's error line, and refreshes the agent at once afterwards. A success
 * answer is the fresh state (callers apply it), so only the details are re-read then; a failure
 * re-reads the goal state and the runtime summary too. (The REST limit is 100 requests a minute.)
 */
export async function runControl<T>(
  deps: ControlDeps,
  agentId: string,
  label: string,
  button: HTMLButtonElement | undefined,
  fn: () => Promise<T>,
): Promise<T | undefined> {
  const card = deps.cardOf(agentId);
  deps.showError('');
  if (button) button.disabled = true;
  if (card) setNote(card, `${label}...`, false);
  let ok = false;
  try {
    const result = await withRetry(fn, RETRY_DELAYS_MS, deps.wait, {
      onRetry: (attempt, delayMs, err) => {
        if (card && !deps.isDisposed())
          setNote(
            card,
            `${label} failed (${describeError(err)}); retry ${attempt} of 3 in ${delayMs / 1000} s`,
            true,
          );
      },
    });
    if (card && !deps.isDisposed()) setNote(card, `${label}: done`, false);
    ok = true;
    return result;
  } catch (err) {
    if (!deps.isDisposed()) {
      const text = `${label} (${deps.nameOf(agentId)}) failed: ${describeError(err)}`;
      deps.showError(text);
      if (card) setNote(card, text, true);
    }
    return undefined;
  } finally {
    if (button) button.disabled = false;
    if (!deps.isDisposed()) deps.afterwards(agentId, ok);
  }
}
