import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * N app instances on one PostgreSQL server behind HAProxy, as a team would deploy the shop (issue 16):
 * the database is the only shared state (sessions, carts, rate limits, window holds, jobs), each instance
 * keeps its catalogue index and page cache in step through LISTEN/NOTIFY, and HAProxy spreads requests,
 * checks /api/health and sends a request whose instance is gone to another one.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ClusterOptions {
  instances: number;
  /** Where HAProxy listens. */
  port: number;
  /** The instances' ports, one each. */
  instancePorts: number[];
  /** The PostgreSQL server every instance uses (migrated and seeded before). */
  databaseUrl: string;
  /** HAProxy's configuration goes here. */
  dataDir: string;
  /** More environment for the instances (API_KEYS, LOG_LEVEL…). */
  env?: Record<string, string>;
  log?: (message: string) => void;
}

export interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  /** Everything it wrote. */
  output(): string;
  exited: Promise<number | null>;
}

export interface Cluster {
  url: string;
  instances: Instance[];
  proxy: ChildProcess;
  stop(): Promise<void>;
}

/** HAProxy from Debian, installed with apt when missing (as .ci/run does for Chromium). */
export function haproxyPath(log: (message: string) => void = () => {}): string {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/bin/haproxy'])
    if (fs.existsSync(candidate)) return candidate;
  log('installing haproxy (apt-get install -y haproxy)');
  execFileSync('apt-get', ['install', '-y', 'haproxy'], { stdio: 'ignore' });
  return '/usr/sbin/haproxy';
}

/**
 * The proxy's configuration. Requests go round-robin; an instance is out after 3 failed health checks
 * (2 s apart) and back after 2 good ones. A request that could not reach its instance (refused, reset
 * before an answer) is sent again to another one (`retry-on`, `redispatch`); HAProxy retries only what is
 * safe to retry, so a POST that an instance took and died on is not sent twice. X-Forwarded-For carries
 * the client's address to the instances, which trust the proxy's address (TRUSTED_PROXIES) and no other.
 */
export function haproxyConfig(port: number, instances: { name: string; port: number }[]): string {
  return [
    'global',
    '  maxconn 4000',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 10s',
    '  timeout http-keep-alive 30s',
    '  option forwardfor',
    '  http-reuse safe',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response response-timeout 502 503',
    'frontend shop',
    `  bind 127.0.0.1:${port}`,
    '  http-request set-header X-Forwarded-Proto https if { ssl_fc }',
    '  http-request set-header X-Forwarded-Proto http if !{ ssl_fc }',
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    // Readiness, not liveness: a draining instance (a deploy's SIGTERM) leaves the rotation before it closes.
    '  option httpchk GET /api/ready',
    '  http-check expect status 200',
    '  http-response set-header x-served-by %s',
    // A busy instance answers its health check late, not never: out after 3 checks missed by 3 s each.
    '  timeout check 3s',
    '  default-server inter 2s fall 3 rise 2',
    ...instances.map((instance) => `  server ${instance.name} 127.0.0.1:${instance.port} check`),
    '',
  ].join('\n');
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const instances: Instance[] = [];
  for (let i = 0; i < options.instances; i++) {
    const port = options.instancePorts[i];
    if (port === undefined) throw new Error(`no port for instance ${i + 1}`);
    instances.push(startInstance(`app${i + 1}`, port, options));
  }
  // However the launcher ends, its instances end with it: none is left holding its port and connections.
  const orphans = () => {
    for (const instance of instances) if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
  };
  process.once('exit', orphans);
  try {
    await Promise.all(instances.map((instance) => healthy(`http://127.0.0.1:${instance.port}`, instance)));
  } catch (error) {
    for (const instance of instances) instance.child.kill('SIGKILL');
    throw error;
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const configFile = path.join(options.dataDir, 'haproxy.cfg');
  fs.writeFileSync(configFile, haproxyConfig(options.port, instances));
  const proxy = spawn(haproxyPath(log), ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let proxyOutput = '';
  proxy.stdout!.on('data', (chunk: Buffer) => (proxyOutput += chunk.toString()));
  proxy.stderr!.on('data', (chunk: Buffer) => (proxyOutput += chunk.toString()));
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await healthy(url, { child: proxy, output: () => proxyOutput });
  } catch (error) {
    for (const instance of instances) instance.child.kill('SIGKILL');
    proxy.kill('SIGKILL');
    throw error;
  }
  log(`${instances.length} instances (${instances.map((i) => i.port).join(', ')}) behind HAProxy at ${url}`);
  return {
    url,
    instances,
    proxy,
    stop: async () => {
      process.off('exit', orphans);
      for (const instance of instances) if (instance.child.exitCode === null) instance.child.kill('SIGTERM');
      await Promise.all(instances.map((instance) => instance.exited));
      proxy.kill('SIGTERM');
      await new Promise((resolve) => (proxy.exitCode === null ? proxy.once('exit', resolve) : resolve(null)));
    },
  };
}

function startInstance(name: string, port: number, options: ClusterOptions): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...options.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      TRUSTED_PROXIES: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, port, child, output: () => output, exited };
}

async function healthy(baseUrl: string, process: { child: ChildProcess; output(): string }): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (process.child.exitCode !== null)
      throw new Error(`${baseUrl} exited with code ${process.child.exitCode}:\n${process.output()}`);
    if (Date.now() > deadline) throw new Error(`${baseUrl} not healthy within 180 s:\n${process.output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
