import type { CharacterRow, Repositories } from '../../storage';

/**
 * Why a login may not play `character`, or undefined when it may: an agent's character is played
 * by its agent while the agent runs (its `running` flag), so only a session token minted for that
 * agent (`agentId`, the token's `agt` claim) enters it then; everyone else, its owner included,
 * is refused with close 4013 until the agent is stopped.
 */
export async function agentRunningRefusal(
  repos: Repositories,
  character: CharacterRow,
  tokenAgentId: string | undefined,
): Promise<string | undefined> {
  const agent = await repos.agents.findByCharacter(character.id);
  if (!agent || !agent.running || agent.agentId === tokenAgentId) return undefined;
  return `agent_running: ${character.name} is played by agent ${agent.agentId}: stop the agent first`;
}
