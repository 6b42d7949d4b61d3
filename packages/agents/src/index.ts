/**
 * # @tilerealm/agents
 *
 * The agent runtime: autonomous players that connect over the real WebSocket through the SDK,
 * plan with a rule-based planner (optionally an LLM), obey their owner's goal control and chat
 * commands, and expose a REST API. See docs/agent-runtime.md.
 */
export { AgentRunner } from './agent';
export type { AgentDeps, AgentStatus } from './agent';
export { parseCommand } from './commands';
export type { OwnerCommand } from './commands';
export { AGENT_CONFIG_VARIABLES, agentWorldId, loadAgentConfig } from './config';
export type { AgentRuntimeConfig } from './config';
export { AgentDirectory, worldSocketUrl } from './directory';
export type { AgentRecord } from './directory';
export { GameApi } from './game-api';
export type { CreatedAgent, Me } from './game-api';
export { buildRuntimeApi } from './http';
export { LlmAdvisor } from './llm';
export type { LlmSettings } from './llm';
export { candidates, decide, MIN_GOAL_TICKS, SUPPORTED_GOALS } from './planner';
export type { ControlState, Decision } from './planner';
export { AgentRuntime, summarize } from './runtime';
export type { AgentSummary, RenewOutcome, RuntimeDeps } from './runtime';
export { AgentStore } from './store';
