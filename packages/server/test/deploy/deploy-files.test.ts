/**
 * The deployment files kept honest without a container engine: the Dockerfile, compose.yaml (with
 * .env.example) and every manifest under deploy/ set only variables their program reads, publish
 * and probe the port it listens on, give production what it requires, and start commands that this
 * test builds (`npm run build`'s bundles), starts with the files' own environment, probes with the
 * files' own probes and health checks, and stops with SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBundles } from '../../../../scripts/build';
import { DEFAULT_SHUTDOWN_TIMEOUT_MS, PRODUCTION_REQUIRED, loadConfig } from '../../src/app/config';
import { REPO_ROOT } from '../../src/app/paths';
import { createEmptyPostgresDatabase, createTestDataDir } from '../db-helpers';
import { eventually } from '../fault-helpers';
import { freePort } from '../free-port';
import { haveRedisServer, startTestRedis, type TestRedis } from '../support/redis';
import {
  composeContainers,
  composeInterpolations,
  k8sDocuments,
  k8sWorkloads,
  ordinalStart,
  PROGRAMS,
  programOf,
  readCompose,
  readDockerfile,
  readEnvExample,
  selectedWorkloads,
  type Container,
  type ProgramName,
} from './deploy-files';
import { answers, healthCheck, initMcp, start, startMcp, stopsCleanly, type Started } from './deploy-process';
import { realtimeWorld } from '../e2e/realtime-harness';

/** The server's last resort after SHUTDOWN_TIMEOUT_MS (app/main.ts): a watchdog kills it 3 s later. */
const WATCHDOG_AFTER_MS = 3_000;

interface K8sService {
  metadata: { name: string };
  spec: { selector?: Record<string, string>; ports: { port: number; targetPort: string | number }[] };
}

const docker = readDockerfile();
/** What an operator puts in `.env`: a value for every key of .env.example (secrets made up here). */
const dotEnv: Record<string, string> = Object.fromEntries(
  readEnvExample().map((k) => [
    k,
    /SECRET|PASSWORD|CODE|APP_ID/.test(k) ? randomBytes(36).toString('base64url') : '',
  ]),
);
const dockerContainer: Container = {
  where: 'Dockerfile',
  command: docker.cmd,
  program: programOf(docker.cmd),
  env: docker.env,
  ports: docker.expose,
  probes: [],
  healthChecks: [docker.healthcheck],
};
const compose = composeContainers(docker, dotEnv);
const docs = k8sDocuments();
const workloads = k8sWorkloads(docs);
const containers: Container[] = [dockerContainer, ...compose, ...workloads.flatMap((w) => w.containers)];
/** The environment a container runs with: the image's, then its own. */
const effectiveEnv = (c: Container) => ({ ...docker.env, ...c.env });

describe('deployment files', () => {
  it('read every kind of file and find the three programs', () => {
    expect(compose.map((c) => c.program).sort()).toEqual(['agents', 'cdn', 'server', 'server']);
    expect(workloads.map((w) => `${w.kind}/${w.name}`).sort()).toEqual([
      'Deployment/agents',
      'Deployment/cdn',
      'StatefulSet/world',
    ]);
  });

  it('set only variables the program they run reads', () => {
    const unknown = (keys: string[], program: keyof typeof PROGRAMS) =>
      keys.filter((k) => !PROGRAMS[program].known.has(k));
    expect(unknown(Object.keys(docker.allEnv), 'server'), 'Dockerfile ENV').toEqual([]);
    for (const c of containers) expect(unknown(Object.keys(c.env), c.program), c.where).toEqual([]);
  });

  it('.env.example lists exactly what compose.yaml takes from .env', () => {
    const used = new Set(composeInterpolations().map((i) => i.name));
    expect([...used].sort()).toEqual([...readEnvExample()].sort());
  });

  it('give production what it requires, and one runtime secret to the worlds and the agents', () => {
    for (const c of containers.filter((c) => c.program === 'server')) {
      const env = effectiveEnv(c);
      expect(env['NODE_ENV'], c.where).toBe('production');
      if (c === dockerContainer) continue; // the image's secrets come from where it runs
      expect(
        PRODUCTION_REQUIRED.filter((k) => !env[k]),
        c.where,
      ).toEqual([]);
      expect(() => loadConfig(env), c.where).not.toThrow();
    }
    for (const group of [compose, workloads.flatMap((w) => w.containers)]) {
      const secrets = new Set(
        group.filter((c) => c.program !== 'cdn').map((c) => c.env['AGENT_RUNTIME_SECRET']),
      );
      expect(secrets.size).toBe(1);
      expect([...secrets][0]?.length).toBeGreaterThanOrEqual(32);
    }
  });

  it('publish, probe and health-check the port each program listens on', () => {
    expect(docker.user, 'the image runs as an unprivileged user').toMatch(/^(?!root$|0$)\S+/);
    for (const c of containers) {
      // The image alone lacks the secrets production requires; its port does not depend on them.
      const { NODE_ENV: _nodeEnv, ...imageEnv } = docker.env;
      const port = PROGRAMS[c.program].port(c === dockerContainer ? imageEnv : effectiveEnv(c));
      expect(c.ports.length, c.where).toBeGreaterThan(0);
      for (const p of c.ports) expect(p, `${c.where}: port`).toBe(port);
      for (const probe of c.probes) expect(probe.port, `${c.where}: ${probe.kind}`).toBe(port);
      for (const check of c.healthChecks)
        expect(check.join(' '), `${c.where}: health check`).toContain(String(port));
    }
    for (const { file, doc } of docs.filter((d) => d.doc['kind'] === 'Service')) {
      const service = doc as {
        metadata: { name: string };
        spec: { ports: { targetPort: string | number }[] };
      };
      const where = `${file} Service/${service.metadata.name}`;
      const selected = selectedWorkloads(service, workloads);
      expect(selected.length, `${where} selects a workload`).toBeGreaterThan(0);
      for (const w of selected)
        for (const { targetPort } of service.spec.ports) {
          const number = typeof targetPort === 'number' ? targetPort : w.namedPorts.get(targetPort);
          expect(
            w.containers.flatMap((c) => c.ports),
            `${where} → ${w.where}`,
          ).toContain(number);
        }
    }
  });

  it('point the programs at each other by names and ports that exist', () => {
    /** Variables naming another program of the stack, and the program they must reach. */
    const links = { AGENT_API_URL: 'agents', GAME_SERVER_URL: 'server', PUBLIC_CDN_URL: 'cdn' } as const;
    const services = docs
      .filter((d) => d.doc['kind'] === 'Service')
      .map((d) => d.doc as unknown as K8sService);
    let checked = 0;
    for (const c of containers)
      for (const [key, program] of Object.entries(links)) {
        const value = c.env[key];
        if (value === undefined || /example\.com/.test(value)) continue; // a public address
        const url = new URL(value);
        const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
        const where = `${c.where}: ${key}=${value}`;
        if (c.where.startsWith('compose')) {
          const target = compose.find((t) => t.hostNames?.includes(url.hostname));
          expect(target?.program, where).toBe(program);
          expect(target && PROGRAMS[program].port(effectiveEnv(target)), where).toBe(port);
        } else {
          const service = services.find((s) => s.metadata.name === url.hostname);
          const entry = service?.spec.ports.find((p) => p.port === port);
          expect(entry, where).toBeDefined();
          const targets = service ? selectedWorkloads(service, workloads) : [];
          expect(
            targets.map((w) => w.containers[0]?.program),
            where,
          ).toEqual([program]);
        }
        checked++;
      }
    expect(checked).toBeGreaterThanOrEqual(5);
  });

  it('run each world under its own number and address', () => {
    const worlds = compose.filter((c) => c.program === 'server');
    for (const key of ['WORLD_ID', 'PUBLIC_WS_URL', 'PUBLIC_API_URL'])
      expect(new Set(worlds.map((c) => c.env[key])).size, key).toBe(worlds.length);
    const published = Object.values(readCompose().services).flatMap((s) =>
      (s.ports ?? []).map((p) => p.split(':')[0]),
    );
    expect(new Set(published).size).toBe(published.length);

    const set = workloads.find((w) => w.kind === 'StatefulSet');
    expect(ordinalStart(set?.raw), 'world numbers start at 1').toBeGreaterThanOrEqual(1);
    const world = set?.containers[0];
    expect(world?.env['WORLD_ID']).toBe(String(ordinalStart(set?.raw)));
    for (const key of ['PUBLIC_WS_URL', 'PUBLIC_API_URL'])
      expect(world?.env[key], key).toContain(`-${world?.env['WORLD_ID']}.`);
    expect(set?.raw.spec.template.spec.containers[0].readinessProbe.httpGet.path).toBe('/ready');
    expect(set?.raw.spec.template.spec.containers[0].livenessProbe.httpGet.path).toBe('/health');
  });

  it('give a world the time to drain before it is killed', () => {
    for (const c of containers.filter((c) => c.program === 'server' && c !== dockerContainer)) {
      const env = effectiveEnv(c);
      const drainMs = Number(env['SHUTDOWN_TIMEOUT_MS'] ?? DEFAULT_SHUTDOWN_TIMEOUT_MS);
      expect(c.stopGraceSeconds, `${c.where}: stop grace period`).toBeDefined();
      expect((c.stopGraceSeconds ?? 0) * 1000, c.where).toBeGreaterThan(
        drainMs + WATCHDOG_AFTER_MS + (c.preStopSeconds ?? 0) * 1000,
      );
    }
  });
});

/** The paths the files' HTTP probes ask of a program's containers. */
function probePathsOf(program: ProgramName): string[] {
  const paths = containers.filter((c) => c.program === program).flatMap((c) => c.probes.map((p) => p.path));
  return [...new Set(paths)].sort();
}

/** Every path the files probe a program on exists (never 404) and answers 200 with JSON once it is up. */
async function answersProbes(started: Started, program: ProgramName): Promise<void> {
  const paths = probePathsOf(program);
  expect(paths.length, `${program}: the files probe it`).toBeGreaterThan(0);
  for (const path of paths) {
    const first = await answers(started, path);
    expect(first.status, `${program} ${path}: a route of the program`).not.toBe(404);
    const res = await eventually(`${program} ${path} to answer 200`, async () => {
      const r = await fetch(`${started.url}${path}`, { signal: AbortSignal.timeout(3000) });
      return r.ok ? r : undefined;
    });
    expect(res.headers.get('content-type'), `${program} ${path}`).toContain('application/json');
  }
}

describe("the image's commands", () => {
  const cleanups: (() => Promise<void>)[] = [];
  const running: Started[] = [];
  let dir = '';
  let bundles: Awaited<ReturnType<typeof buildBundles>> | undefined;

  beforeAll(async () => {
    bundles = await buildBundles();
    dir = await mkdtemp(join(tmpdir(), 'tilerealm-deploy-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
  }, 60_000);

  afterAll(async () => {
    for (const s of running)
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    for (const c of cleanups.reverse()) await c();
  });

  it('install, as production dependencies, every package the bundles import', () => {
    const metafile = bundles?.metafile;
    if (!metafile) throw new Error('the bundles were not built');
    // Each stage's npm ci installs the workspace packages whose manifests it copied before it.
    const workspaces = new Set(
      Object.keys(metafile.inputs).flatMap((input) => /^(packages\/[^/]+)\//.exec(input)?.[1] ?? []),
    );
    expect(workspaces.size).toBeGreaterThanOrEqual(3);
    expect(docker.installs.length, 'a build stage and the image run npm ci').toBeGreaterThanOrEqual(2);
    for (const install of docker.installs)
      for (const w of workspaces)
        expect(install.manifests, `npm ci ${install.args}: ${w}`).toContain(`${w}/package.json`);
    // The image installs the dependencies of the manifests it copied, and no dev ones.
    const image = docker.installs.filter((i) => i.final);
    expect(image.length, 'the image runs npm ci once').toBe(1);
    expect(image[0]?.args.split(/\s+/)).toContain('--omit=dev');
    const production = new Set(
      (image[0]?.manifests ?? []).flatMap((file) =>
        Object.keys(
          (JSON.parse(readFileSync(join(REPO_ROOT, file), 'utf8')) as { dependencies?: object })
            .dependencies ?? {},
        ),
      ),
    );
    const missing = new Set<string>();
    let imported = 0;
    for (const [bundle, output] of Object.entries(metafile.outputs))
      for (const { path, external } of output.imports) {
        if (!external || isBuiltin(path)) continue;
        const parts = path.split('/');
        const name = (path.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
        imported++;
        if (!production.has(name)) missing.add(`${name} (${bundle})`);
      }
    expect(imported).toBeGreaterThan(0);
    expect([...missing].sort(), 'imported by a bundle, not installed in the image').toEqual([]);
  });

  it('start with the files’ environment, answer their probes and health checks, and stop cleanly on SIGTERM', async () => {
    const service = (program: string) => {
      const found = compose.find((c) => c.program === program);
      if (!found) throw new Error(`no ${program} in compose.yaml`);
      return found;
    };
    const [cdnPort, serverPort, agentsPort] = [await freePort(), await freePort(), await freePort()];
    const base = (c: Container) => ({ ...docker.env, ...(c.env as Record<string, string>) });

    const cdn = start(
      service('cdn').command,
      { ...base(service('cdn')), CDN_PORT: String(cdnPort), CDN_HOST: '127.0.0.1' },
      cdnPort,
    );
    running.push(cdn);
    await answers(cdn, '/health');

    // The world as compose runs it, but on this machine: loopback, a free port, this test's CDN,
    // a fresh PostgreSQL database when DATABASE_URL is given (else the embedded one, which
    // production refuses: then in development mode), this test's Redis when redis-server exists.
    const world = service('server');
    const serverEnv: Record<string, string> = {
      ...base(world),
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      WORLD: join(dir, 'world'),
      PUBLIC_CDN_URL: cdn.url,
      PUBLIC_API_URL: `http://127.0.0.1:${serverPort}`,
      PUBLIC_WS_URL: `ws://127.0.0.1:${serverPort}/ws`,
      AGENT_API_URL: `http://127.0.0.1:${agentsPort}`,
    };
    if (process.env['DATABASE_URL']) {
      const db = await createEmptyPostgresDatabase();
      cleanups.push(db.drop);
      serverEnv['DATABASE_URL'] = db.url;
    } else {
      // A migrated copy of the embedded database where WORLD keeps it (a fresh one takes long to create).
      const data = await createTestDataDir();
      cleanups.push(data.cleanup);
      await mkdir(join(dir, 'world', 'data'), { recursive: true });
      await rename(data.dir, join(dir, 'world', 'data', 'db'));
      delete serverEnv['DATABASE_URL'];
      serverEnv['NODE_ENV'] = 'development';
    }
    if (haveRedisServer) {
      const redis: TestRedis = await startTestRedis();
      cleanups.push(redis.dispose);
      serverEnv['REDIS_URL'] = redis.url;
    } else delete serverEnv['REDIS_URL'];
    const server = start(world.command, serverEnv, serverPort);
    running.push(server);
    const health = await answers(server, '/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });

    expect(probePathsOf('server')).toEqual(['/health', '/ready']);
    await answersProbes(server, 'server');

    const agentsService = service('agents');
    const agents = start(
      agentsService.command,
      {
        ...base(agentsService),
        AGENT_PORT: String(agentsPort),
        AGENT_HOST: '127.0.0.1',
        GAME_SERVER_URL: server.url,
        AGENT_DATA_DIR: join(dir, 'agents'),
      },
      agentsPort,
    );
    running.push(agents);
    expect((await answers(agents, '/health')).status).toBe(200);
    await answersProbes(cdn, 'cdn');
    await answersProbes(agents, 'agents');

    // The MCP server against this world, which signs in through the identity provider only: without
    // MCP_TOKEN it refuses to start, with the world's reason (it plays on a guest world: next test).
    const mcp = await startMcp(server.url);
    running.push(mcp);
    const { authMode } = (await (await answers(server, '/status')).json()) as { authMode: string };
    expect(authMode).toBe('identity-provider');
    expect(await mcp.exit).toBe(1);
    expect(mcp.output.join('')).toMatch(/anonymous identities are disabled/);

    for (const [s, c] of [
      [cdn, service('cdn')],
      [server, world],
      [agents, agentsService],
    ] as const)
      for (const check of c.healthChecks)
        expect(await healthCheck(check, s.env), `${c.where}: health check`).toBe(0);

    // Stopped in the reverse order of their dependencies; each exits 0 (a clean shutdown).
    for (const s of [agents, server, cdn]) await stopsCleanly(s);
    // The image's health check fails once the program is gone (it can fail, so it checks).
    expect(await healthCheck(docker.healthcheck, server.env)).not.toBe(0);
  }, 120_000);

  it('run the MCP server, which plays on a world and answers an MCP initialize, and stops cleanly', async () => {
    const world = await realtimeWorld();
    cleanups.push(() => world.cleanup());
    const server = await world.start();
    cleanups.push(async () => void (await server.close()));
    const mcp = await startMcp(server.url);
    running.push(mcp);
    // Up once it has signed in as a guest and entered the world.
    expect((await answers(mcp, '/')).status).toBe(404);
    const init = await initMcp(mcp);
    expect(init.status, mcp.output.join('').slice(-2000)).toBe(200);
    expect(await init.text()).toContain('serverInfo');
    await stopsCleanly(mcp);
  }, 120_000);
});
