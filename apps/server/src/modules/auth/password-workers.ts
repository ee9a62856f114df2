import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { Failure } from '@despensa/contracts';

/**
 * Password hashing on a few worker threads of its own, each at a low CPU priority (Linux `nice`, per thread),
 * so that on a busy machine the event loop and PostgreSQL win the cores and a hash takes what is left:
 * while logins run, shoppers' pages and cart calls keep their speed and the logins wait instead (issue 16:
 * no other request's p95 worse than 2× while 20 logins/s run). With free cores a hash runs at full speed:
 * the priority only decides who waits when there are none.
 *
 * One hash per worker at a time and at most `size` workers (password.ts: one core fewer than the machine
 * has); further jobs queue in arrival order, up to `maxWaiting` of them: past that a job fails at once with
 * `loginsBusy` (503, 'inténtalo de nuevo en unos segundos'), since a shopper waiting longer than the line
 * takes to clear would have given up, and an unbounded line is memory an attack can fill. The workers start
 * at the first hash and do
 * not keep the process alive while idle. A worker that dies fails its job and is replaced at the next one.
 *
 * The worker is plain CommonJS evaluated from this string, with `@node-rs/argon2` required by its resolved
 * path, so it runs the same under tsx, vitest and a build.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
const os = require('node:os');
const argon2 = require(workerData.argon2);
if (workerData.nice > 0) {
  // Linux: the calling thread only (a thread's nice value is its own), so the event loop keeps its priority.
  try { os.setPriority(workerData.nice); } catch {}
}
parentPort.on('message', (job) => {
  try {
    let result;
    if (job.op === 'argon2-hash') result = argon2.hashSync(job.password, job.options);
    else if (job.op === 'argon2-verify') result = argon2.verifySync(job.stored, job.password);
    else if (job.op === 'scrypt')
      result = scryptSync(job.password, Buffer.from(job.salt, 'base64url'), job.keyLength, job.options).toString('base64url');
    else throw new Error('unknown job ' + job.op);
    parentPort.postMessage({ result });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});
`;
const ARGON2_PATH = createRequire(import.meta.url).resolve('@node-rs/argon2');

export type PasswordJob =
  | { op: 'argon2-hash'; password: string; options: Record<string, number> }
  | { op: 'argon2-verify'; stored: string; password: string }
  | {
      op: 'scrypt';
      password: string;
      salt: string;
      keyLength: number;
      options: { N: number; r: number; p: number; maxmem: number };
    };

interface Queued {
  job: PasswordJob;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

export class PasswordWorkers {
  private readonly free: Worker[] = [];
  private readonly busy = new Map<Worker, Queued>();
  private readonly queue: Queued[] = [];
  private count = 0;

  constructor(
    /** Workers at most: hashes at once. */
    readonly size: number,
    /** Linux nice value of the workers' threads (0–19; 0 leaves them at the event loop's priority). */
    readonly nice: number,
    /** Jobs that may wait for a worker: ~2 s of hashing per worker on this machine (~50 hashes/s each). */
    readonly maxWaiting = 100 * size,
  ) {}

  run<T>(job: PasswordJob): Promise<T> {
    if (this.queue.length >= this.maxWaiting) return Promise.reject(new Failure('loginsBusy'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ job, resolve: resolve as (result: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Jobs waiting for a worker and jobs running. */
  get pending(): { waiting: number; running: number } {
    return { waiting: this.queue.length, running: this.busy.size };
  }

  /** Stops every worker; jobs still queued or running fail. */
  async close(): Promise<void> {
    const workers = [...this.free, ...this.busy.keys()];
    for (const queued of this.queue.splice(0)) queued.reject(new Error('password workers closed'));
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker = this.free.pop() ?? (this.count < this.size ? this.spawn() : undefined);
      if (!worker) return;
      const queued = this.queue.shift()!;
      this.busy.set(worker, queued);
      // A running job keeps the process alive (a script that hashes and exits waits for it); idle, it does not.
      worker.ref();
      worker.postMessage(queued.job);
    }
  }

  private spawn(): Worker {
    this.count++;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { argon2: ARGON2_PATH, nice: this.nice },
    });
    worker.on('message', (answer: { result?: unknown; error?: string }) => {
      const queued = this.busy.get(worker);
      this.busy.delete(worker);
      worker.unref();
      this.free.push(worker);
      if (queued) {
        if (answer.error !== undefined) queued.reject(new Error(answer.error));
        else queued.resolve(answer.result);
      }
      this.dispatch();
    });
    let gone = false;
    const lost = (error: Error) => {
      if (gone) return;
      gone = true;
      this.count--;
      const at = this.free.indexOf(worker);
      if (at >= 0) this.free.splice(at, 1);
      const queued = this.busy.get(worker);
      this.busy.delete(worker);
      queued?.reject(error);
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`password worker exited (${code})`)));
    worker.unref();
    return worker;
  }
}
