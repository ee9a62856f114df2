import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
const RUNNER = path.join(import.meta.dirname, 'mix-runner.ts');

export interface MixStep {
  name: string;
  connections: number;
  requests: { method: string; path: string; headers?: Record<string, string>; body?: string }[];
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
