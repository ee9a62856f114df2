/**
 * Which API test files run on which PostgreSQL. Without a server at hand (a developer's `npm test`) every
 * file runs on the embedded one. With one (CI sets TEST_EXTERNAL_DATABASE_URL) the suite runs once, on the
 * server, as DATABASE_URL deployments run; the embedded project keeps only what needs a PostgreSQL of its
 * own, plus the whole purchase as a smoke test of the embedded server's major (18, the server's is 15).
 */

/** Files that start their own server on its own embedded PostgreSQL, whatever the project's database is. */
export const OWN_EMBEDDED_SERVER = [
  'test/lifecycle.test.ts',
  'test/server-process.test.ts',
  'test/database-stall.test.ts',
  'test/build.test.ts',
];

/** The purchase end to end, run on the embedded PostgreSQL too when the suite runs on a server. */
const EMBEDDED_SMOKE = ['test/checkout.test.ts'];

export function embeddedProjectFiles(withServer: boolean): { include: string[]; exclude: string[] } {
  if (withServer) return { include: [...OWN_EMBEDDED_SERVER, ...EMBEDDED_SMOKE], exclude: [] };
  // A backup needs pg_dump of the server's major: Debian's client here is 15, the embedded server 18.
  return { include: ['test/**/*.test.ts'], exclude: ['test/backup.test.ts'] };
}

export function serverProjectFiles(): { include: string[]; exclude: string[] } {
  return { include: ['test/**/*.test.ts'], exclude: OWN_EMBEDDED_SERVER };
}
