/**
 * `npm run mcp [-- --http [--port N] [--host H]]`: the MCP server of tilerealm. Plays one character
 * on a game server through the SDK and offers its tools to a coding agent over stdio (default) or
 * streamable HTTP. Configuration: docs/mcp.md. Logs go to stderr (stdout carries the stdio protocol).
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ConfigError, loadMcpConfig } from './config';
import { startHttpServer } from './http';
import { createMcpServer } from './server';
import { GameSession } from './session';

const log = (msg: string): void => {
  process.stderr.write(`[tilerealm-mcp] ${msg}\n`);
};

async function main(): Promise<void> {
  const config = loadMcpConfig(process.env, process.argv.slice(2));
  const session = await GameSession.start(config, log);
  let stopping = false;
  session.client.lifecycle.on('disconnected', ({ code, reason }) => {
    // The shutdown below closes the connection itself, and exits 0 once done.
    if (stopping) return;
    log(`the game connection closed for good (${code} ${reason}); exiting`);
    process.exit(1);
  });
  let stop: () => Promise<void>;
  if (config.transport === 'http') {
    const http = await startHttpServer(session, config.httpHost, config.httpPort, log);
    log(`MCP streamable HTTP endpoint: ${http.url}`);
    stop = () => http.close();
  } else {
    const server = createMcpServer(session, log);
    const transport = new StdioServerTransport();
    transport.onclose = () => void shutdown();
    await server.connect(transport);
    log('MCP server on stdio');
    stop = () => server.close();
  }
  const shutdown = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await stop().catch((err: unknown) => log(`closing the MCP transport failed: ${String(err)}`));
    await session.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  process.stdin.once('end', () => {
    if (config.transport === 'stdio') void shutdown();
  });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) log(err.message);
  else log(`cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
