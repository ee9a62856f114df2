import type { TestProject } from 'vitest/node';
import { setupDatabase } from './global-setup';

/** The API suite on the embedded PostgreSQL (what `npm start` uses). */
export default (project: TestProject) => setupDatabase(project, undefined);
