/** The MCP server of tilerealm: lets a coding agent observe and play the game through the SDK. */
export {};
