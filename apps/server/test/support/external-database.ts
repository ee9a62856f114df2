import type { TestProject } from 'vitest/node';
import { setupDatabase } from './global-setup';

/** The same API suite on a PostgreSQL server (CI: 127.0.0.1:5432), as DATABASE_URL deployments run. */
export default (project: TestProject) => {
  const url = process.env.TEST_EXTERNAL_DATABASE_URL;
  if (!url) throw new Error('TEST_EXTERNAL_DATABASE_URL is not set');
  return setupDatabase(project, url);
};
