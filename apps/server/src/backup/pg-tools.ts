import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export type PgTool = 'pg_dump' | 'pg_restore';

/** The PostgreSQL major a `--version` line names ("pg_dump (PostgreSQL) 18.1" → 18); null if it does not run. */
function majorOf(binary: string): number | null {
  try {
    const line = execFileSync(binary, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const major = Number(/\(PostgreSQL\) (\d+)/.exec(line)?.[1]);
    return Number.isInteger(major) ? major : null;
  } catch {
    return null;
  }
}

/**
 * The newest pg_dump or pg_restore found: PG_BIN_DIR, PATH, then Debian's /usr/lib/postgresql/N/bin. It must
 * be at least the server's major (pg_dump refuses a newer server; an older pg_restore cannot read a newer
 * archive). The embedded PostgreSQL ships no client tools, so its major's client must be installed.
 */
export function findPgTool(tool: PgTool, serverMajor: number, binDir?: string): string {
  const debian = '/usr/lib/postgresql';
  const candidates = [
    ...(binDir ? [path.join(binDir, tool)] : []),
    tool,
    ...(fs.existsSync(debian)
      ? fs.readdirSync(debian).map((major) => path.join(debian, major, 'bin', tool))
      : []),
  ];
  const found = candidates
    .map((binary) => ({ binary, major: majorOf(binary) }))
    .filter((candidate): candidate is { binary: string; major: number } => candidate.major !== null)
    .sort((a, b) => b.major - a.major)[0];
  if (!found || found.major < serverMajor) {
    const had = found ? `only ${tool} ${found.major} was found (${found.binary})` : `no ${tool} was found`;
    throw new Error(
      `${tool} ${serverMajor} or newer is needed for PostgreSQL ${serverMajor}, but ${had}: install ` +
        `postgresql-client-${serverMajor} (apt.postgresql.org) or set PG_BIN_DIR to its bin folder.`,
    );
  }
  return found.binary;
}

/** Runs a tool; its own message (stderr) is the error when it fails. */
export function runPgTool(binary: string, args: string[]): void {
  try {
    execFileSync(binary, args, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${path.basename(binary)} failed: ${stderr || (error as Error).message}`);
  }
}
