import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BenchRequest } from './runner-job';

const execFileAsync = promisify(execFile);
const RUNNER = path.join(import.meta.dirname, 'mix-runner.ts');

export interface MixStep {
  name: string;
  connections: number;
  requests: BenchRequest[];
}

/** Runs bench/mix-runner.ts in its own process against `url` and answers one row per step. */
export async function runMix(
  url: string,
  steps: MixStep[],
  seconds: number,
  headers: Record<string, string> = {},
): Promise<Record<string, string | number>[]> {
  const file = path.join(os.tmpdir(), `despensa-mix-${process.pid}-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify({ url, seconds, headers, steps }));
  try {
    const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', RUNNER, file], {
      maxBuffer: 16 * 1024 * 1024,
    });
    return JSON.parse(stdout) as Record<string, string | number>[];
  } finally {
    fs.rmSync(file, { force: true });
  }
}

const PACED_RUNNER = path.join(import.meta.dirname, 'paced-runner.ts');

export interface PacedStep {
  name: string;
  /** Requests per second, sent on time whether or not the earlier ones were answered. */
  rate: number;
  /** Text a good answer's body contains. */
  expect?: string;
  requests: BenchRequest[];
}

export interface PacedResult {
  step: string;
  sent: number;
  answered: number;
  failed: number;
  statuses: string;
  late: number;
  /** Each answer's time (ms, send to last byte). */
  times: number[];
}

/** Runs bench/paced-runner.ts (an open-loop load, see there) in its own process against `url`. */
export async function runPaced(
  url: string,
  steps: PacedStep[],
  seconds: number,
  headers: Record<string, string> = {},
): Promise<PacedResult[]> {
  const file = path.join(os.tmpdir(), `despensa-paced-${process.pid}-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify({ url, seconds, headers, steps }));
  try {
    const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', PACED_RUNNER, file], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(stdout) as PacedResult[];
  } finally {
    fs.rmSync(file, { force: true });
  }
}
