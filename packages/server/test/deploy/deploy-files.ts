/**
 * Reading the deployment files (Dockerfile, compose.yaml, .env.example, deploy/**.yaml) into one
 * shape the consistency test checks: every container of our image, with the program it runs, the
 * variables it sets, the ports it publishes and the HTTP probes that watch it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse as parseYaml, parseAllDocuments } from 'yaml';
import { AGENT_CONFIG_VARIABLES, loadAgentConfig } from '../../../agents/src/config';
import { CDN_CONFIG_VARIABLES, loadCdnConfig } from '../../../cdn/src/config';
import { CONFIG_VARIABLES, loadConfig } from '../../src/app/config';
import { REPO_ROOT } from '../../src/app/paths';
import { SERVER_NODE_FLAGS } from '../../src/app/node-flags';

export type ProgramName = 'server' | 'cdn' | 'agents';

export interface Program {
  /** The variables its configuration reads, from its config module's schema. */
  known: ReadonlySet<string>;
  /** The port it listens on with this environment, as its own configuration computes it. */
  port(env: Record<string, string | undefined>): number;
  /** The variable that moves its port (the test starts it on a free one). */
  portVariable: string;
}

export const PROGRAMS: Record<ProgramName, Program> = {
  server: {
    known: new Set(CONFIG_VARIABLES),
    port: (env) => loadConfig(env).config.port,
    portVariable: 'PORT',
  },
  cdn: {
    known: new Set(CDN_CONFIG_VARIABLES),
    port: (env) => loadCdnConfig(env).port,
    portVariable: 'CDN_PORT',
  },
  agents: {
    known: new Set(AGENT_CONFIG_VARIABLES),
    port: (env) => loadAgentConfig(env).AGENT_PORT,
    portVariable: 'AGENT_PORT',
  },
};

/**
 * The program a command runs: it must be `node [flags] dist/<program>.mjs`, a bundle `npm run build`
 * makes; the game server with exactly the V8 flags of SERVER_NODE_FLAGS, the others with none.
 */
export function programOf(command: readonly string[]): ProgramName {
  const bundle = command.at(-1) ?? '';
  const flags = command.slice(1, -1);
  const match = command[0] === 'node' ? /^dist\/(server|cdn|agents)\.mjs$/.exec(bundle) : null;
  const program = match?.[1] as ProgramName | undefined;
  const wanted = program === 'server' ? SERVER_NODE_FLAGS : [];
  if (!program || flags.join(' ') !== wanted.join(' '))
    throw new Error(`not a command of the image: ${JSON.stringify(command)}`);
  return program;
}

export interface HttpProbe {
  kind: string;
  path: string;
  port: number;
}

/** One container of our image, as a deployment file describes it. */
export interface Container {
  where: string;
  /** The names other containers reach it by (compose: the service name and its aliases). */
  hostNames?: string[];
  command: string[];
  program: ProgramName;
  /** Variables with a literal value (undefined: set from elsewhere, e.g. the downward API). */
  env: Record<string, string | undefined>;
  /** Ports the container listens on, as published or declared. */
  ports: number[];
  probes: HttpProbe[];
  /** Exec-form health-check commands (Dockerfile HEALTHCHECK, compose healthcheck). */
  healthChecks: string[][];
  /** Seconds from SIGTERM to SIGKILL, and how much of it a preStop hook takes. */
  stopGraceSeconds?: number;
  preStopSeconds?: number;
}

const read = (file: string) => readFileSync(join(REPO_ROOT, file), 'utf8');

// --- Dockerfile ---

export interface Dockerfile {
  /** ENV of the final stage (the image's environment). */
  env: Record<string, string>;
  /** ENV of every stage, to check them all. */
  allEnv: Record<string, string>;
  expose: number[];
  cmd: string[];
  healthcheck: string[];
  user: string | undefined;
  from: string;
  /** Every `npm ci` of every stage, in order: see {@link NpmInstall}. */
  installs: NpmInstall[];
}

/** One `npm ci` of a Dockerfile stage. */
export interface NpmInstall {
  /** Whether it runs in the final stage (the image). */
  final: boolean;
  /** Its arguments (`--omit=dev`...). */
  args: string;
  /** The package.json files its stage copied from the build context before it (repository paths). */
  manifests: string[];
}

/** The instructions of a Dockerfile: comments dropped, continuation lines joined. */
function instructions(text: string): { op: string; args: string }[] {
  const lines = text.split('\n').filter((l) => !/^\s*#/.test(l));
  const joined = lines.join('\n').replace(/\\\n\s*/g, ' ');
  return joined
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((l) => {
      const [op = '', ...rest] = l.split(/\s+/);
      return { op: op.toUpperCase(), args: rest.join(' ') };
    });
}

export function readDockerfile(): Dockerfile {
  const result: Dockerfile = {
    env: {},
    allEnv: {},
    expose: [],
    cmd: [],
    healthcheck: [],
    user: undefined,
    from: '',
    installs: [],
  };
  let manifests: string[] = [];
  for (const { op, args } of instructions(read('Dockerfile'))) {
    if (op === 'FROM') {
      Object.assign(result, { env: {}, expose: [], user: undefined, from: args });
      for (const i of result.installs) i.final = false;
      manifests = [];
    }
    if (op === 'COPY' && !args.startsWith('--from')) {
      // COPY <source>... <destination>: the sources that are package manifests.
      const sources = args.split(/\s+/).slice(0, -1);
      manifests.push(...sources.filter((f) => /(^|\/)package\.json$/.test(f)));
    }
    const install = op === 'RUN' ? /\bnpm ci\b([^&;|]*)/.exec(args) : null;
    if (install)
      result.installs.push({ final: true, args: (install[1] ?? '').trim(), manifests: [...manifests] });
    if (op === 'ENV') {
      for (const m of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S+)/g)) {
        const value = (m[2] ?? '').replace(/^"|"$/g, '');
        result.env[m[1] ?? ''] = value;
        result.allEnv[m[1] ?? ''] = value;
      }
    }
    if (op === 'EXPOSE') result.expose.push(...args.split(/\s+/).map((p) => Number(p.split('/')[0])));
    if (op === 'USER') result.user = args;
    if (op === 'CMD') result.cmd = JSON.parse(args) as string[];
    if (op === 'HEALTHCHECK') {
      const exec = /\bCMD\s+(\[.*\])\s*$/.exec(args);
      if (!exec?.[1]) throw new Error(`HEALTHCHECK is not in exec form: ${args}`);
      result.healthcheck = JSON.parse(exec[1]) as string[];
    }
  }
  return result;
}

// --- compose.yaml and .env.example ---

/** The keys of .env.example, the variables compose.yaml takes from `.env`. */
export function readEnvExample(): string[] {
  return read('.env.example')
    .split('\n')
    .map((l) => /^([A-Z_][A-Z0-9_]*)=/.exec(l)?.[1])
    .filter((k): k is string => k !== undefined);
}

/** The variables compose.yaml interpolates (`${NAME}`, `${NAME:-default}`, `${NAME:?error}`). */
export function composeInterpolations(): { name: string; required: boolean }[] {
  return [...read('compose.yaml').matchAll(/\$\{([A-Z_][A-Z0-9_]*)(:?[-?])?[^}]*\}/g)].map((m) => ({
    name: m[1] ?? '',
    required: (m[2] ?? '').endsWith('?'),
  }));
}

/** Compose's interpolation with `vars` standing for `.env`; a missing required one throws, as compose does. */
export function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(
    /\$\{([A-Z_][A-Z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g,
    (_all, name: string, colon, kind, rest) => {
      const v = vars[name];
      const unset = v === undefined || (colon === ':' && v === '');
      if (!unset) return v;
      if (kind === '?') throw new Error(`compose: ${name} is required (${rest})`);
      return kind === '-' ? rest : '';
    },
  );
}

interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string | number | boolean | null>;
  ports?: string[];
  expose?: string[];
  networks?: Record<string, { aliases?: string[] } | null>;
  healthcheck?: { test?: string[] };
  stop_grace_period?: string;
  depends_on?: Record<string, { condition: string }>;
}

export function readCompose(): { services: Record<string, ComposeService> } {
  return parseYaml(read('compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
}

function seconds(duration: string): number {
  const m = /^(\d+)(s|m)$/.exec(duration.trim());
  if (!m) throw new Error(`unsupported duration: ${duration}`);
  return Number(m[1]) * (m[2] === 'm' ? 60 : 1);
}

/** Our image's containers in compose.yaml (the other services run their own images). */
export function composeContainers(docker: Dockerfile, vars: Record<string, string>): Container[] {
  const out: Container[] = [];
  for (const [name, svc] of Object.entries(readCompose().services)) {
    if (!svc.image?.startsWith('tilerealm:')) continue;
    const command = svc.command ?? docker.cmd;
    const env = Object.fromEntries(
      Object.entries(svc.environment ?? {}).map(([k, v]) => [k, interpolate(String(v ?? ''), vars)]),
    );
    const test = svc.healthcheck?.test ?? ['CMD', ...docker.healthcheck];
    if (test[0] !== 'CMD') throw new Error(`compose ${name}: healthcheck must be in exec form (CMD)`);
    out.push({
      where: `compose.yaml services.${name}`,
      hostNames: [name, ...Object.values(svc.networks ?? {}).flatMap((n) => n?.aliases ?? [])],
      command,
      program: programOf(command),
      env,
      ports: [...(svc.ports ?? []), ...(svc.expose ?? [])].map((p) => Number(p.split(':').at(-1))),
      probes: [],
      healthChecks: [test.slice(1)],
      ...(svc.stop_grace_period ? { stopGraceSeconds: seconds(svc.stop_grace_period) } : {}),
    });
  }
  return out;
}

// --- deploy/ (Kubernetes) ---

/** Every YAML document under deploy/, with its file. */
export function k8sDocuments(): { file: string; doc: Record<string, unknown> }[] {
  const dir = join(REPO_ROOT, 'deploy');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.ya?ml$/.test(f));
  return files.flatMap((f) =>
    parseAllDocuments(readFileSync(join(dir, f), 'utf8')).map((d) => {
      if (d.errors.length > 0) throw new Error(`deploy/${f}: ${d.errors[0]?.message}`);
      return { file: relative(REPO_ROOT, join(dir, f)), doc: d.toJS() as Record<string, unknown> };
    }),
  );
}

/* eslint-disable @typescript-eslint/no-explicit-any -- Kubernetes objects are read as plain YAML. */
type K8s = any;

const POD_INDEX_LABEL = "metadata.labels['apps.kubernetes.io/pod-index']";

/** A workload's pods: their labels (and the names a StatefulSet gives them) and containers. */
export interface Workload {
  where: string;
  kind: string;
  name: string;
  labels: Record<string, string>;
  podNames: string[];
  containers: Container[];
  /** The port names its containers declare, with their numbers. */
  namedPorts: Map<string, number>;
  raw: K8s;
}

/** The first number of a StatefulSet's pods (`spec.ordinals.start`, default 0). */
export function ordinalStart(workload: K8s): number {
  return workload?.spec?.ordinals?.start ?? 0;
}

/** Every Deployment and StatefulSet under deploy/, its containers resolved against the ConfigMaps and Secrets there. */
export function k8sWorkloads(docs = k8sDocuments()): Workload[] {
  const data = (kind: string, name: string): Record<string, string> => {
    const found = docs.find((d) => d.doc['kind'] === kind && (d.doc['metadata'] as K8s)?.name === name);
    if (!found) throw new Error(`no ${kind} ${name} under deploy/`);
    const doc = found.doc as K8s;
    return { ...(doc.data ?? {}), ...(doc.stringData ?? {}) };
  };
  const workloads: Workload[] = [];
  for (const { file, doc } of docs) {
    const w = doc as K8s;
    if (w.kind !== 'Deployment' && w.kind !== 'StatefulSet') continue;
    const where = `${file} ${w.kind}/${w.metadata.name}`;
    const start = ordinalStart(w);
    const podNames =
      w.kind === 'StatefulSet'
        ? Array.from({ length: w.spec.replicas ?? 1 }, (_, i) => `${w.metadata.name}-${start + i}`)
        : [];
    const pod = w.spec.template.spec;
    const namedPorts = new Map<string, number>();
    const containers = (pod.containers as K8s[]).map((c): Container => {
      const env: Record<string, string | undefined> = {};
      for (const from of c.envFrom ?? []) {
        if (from.configMapRef) Object.assign(env, data('ConfigMap', from.configMapRef.name));
        if (from.secretRef) Object.assign(env, data('Secret', from.secretRef.name));
      }
      for (const e of c.env ?? []) {
        if (e.value !== undefined)
          env[e.name] = String(e.value).replace(
            /\$\(([A-Z_0-9]+)\)/g,
            (_m, n: string) => env[n] ?? `$(${n})`,
          );
        else if (e.valueFrom?.secretKeyRef)
          env[e.name] = data('Secret', e.valueFrom.secretKeyRef.name)[e.valueFrom.secretKeyRef.key];
        else if (e.valueFrom?.fieldRef?.fieldPath === POD_INDEX_LABEL) env[e.name] = String(start);
        else env[e.name] = undefined;
      }
      for (const p of c.ports ?? []) if (p.name) namedPorts.set(p.name, p.containerPort);
      const portOf = (p: number | string) => (typeof p === 'number' ? p : (namedPorts.get(p) ?? Number.NaN));
      const probes = ['startupProbe', 'readinessProbe', 'livenessProbe']
        .filter((k) => c[k])
        .map((k) => {
          if (!c[k].httpGet) throw new Error(`${where}: ${k} is not an HTTP probe`);
          return { kind: k, path: c[k].httpGet.path, port: portOf(c[k].httpGet.port) };
        });
      const preStop = c.lifecycle?.preStop?.exec?.command as string[] | undefined;
      const command = [...(c.command ?? []), ...(c.args ?? [])];
      return {
        where: `${where} container ${c.name}`,
        command,
        program: programOf(command),
        env,
        ports: (c.ports ?? []).map((p: K8s) => p.containerPort),
        probes,
        healthChecks: [],
        stopGraceSeconds: pod.terminationGracePeriodSeconds ?? 30,
        ...(preStop ? { preStopSeconds: preStop[0] === 'sleep' ? Number(preStop[1]) : Number.NaN } : {}),
      };
    });
    workloads.push({
      where,
      kind: w.kind,
      name: w.metadata.name,
      labels: w.spec.template.metadata.labels ?? {},
      podNames,
      containers,
      namedPorts,
      raw: w,
    });
  }
  return workloads;
}

/** The workloads a Service's selector picks (a StatefulSet's pod-name label picks one of its pods). */
export function selectedWorkloads(service: K8s, workloads: Workload[]): Workload[] {
  const selector: Record<string, string> = service.spec?.selector ?? {};
  return workloads.filter((w) =>
    Object.entries(selector).every(([k, v]) =>
      k === 'statefulset.kubernetes.io/pod-name' ? w.podNames.includes(v) : w.labels[k] === v,
    ),
  );
}
