import { describe, expect, it } from 'vitest';
import { ConfigError, loadMcpConfig } from '../src/config';

describe('MCP server configuration', () => {
  it('defaults to stdio against the local server, anonymous', () => {
    const c = loadMcpConfig({});
    expect(c).toMatchObject({
      serverUrl: 'http://127.0.0.1:5555',
      token: undefined,
      transport: 'stdio',
      httpHost: '127.0.0.1',
      httpPort: 4100,
    });
  });

  it('takes flags over variables, and empty variables as unset', () => {
    const c = loadMcpConfig({ MCP_HTTP_PORT: '5000', MCP_TOKEN: ' ' }, [
      '--http',
      '--port',
      '4200',
      '--name',
      'Ash',
    ]);
    expect(c).toMatchObject({ transport: 'http', httpPort: 4200, characterName: 'Ash', token: undefined });
  });

  it('lists every problem, naming the variable', () => {
    let error: unknown;
    try {
      loadMcpConfig({ MCP_SERVER_URL: 'not a url', MCP_HTTP_PORT: '70000', MCP_CHARACTER_NAME: 'a  b' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('MCP_SERVER_URL');
    expect(problems).toContain('MCP_HTTP_PORT');
    expect(problems).toContain('MCP_CHARACTER_NAME');
  });

  it('refuses a character id without a token, and an unknown flag', () => {
    expect(() => loadMcpConfig({ MCP_CHARACTER_ID: 'c1' })).toThrow(/MCP_TOKEN/);
    expect(() => loadMcpConfig({}, ['--bogus'])).toThrow(ConfigError);
  });
});
