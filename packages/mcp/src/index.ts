/** The MCP server of tilerealm: lets a coding agent observe and play the game through the SDK. */
export { ConfigError, loadMcpConfig, MCP_CONFIG_VARIABLES, type McpConfig } from './config';
export { GameContent } from './content';
export { startHttpServer, type McpHttpServer } from './http';
export { ToolError } from './results';
export { createMcpServer } from './server';
export { GameMemory, GameSession } from './session';
