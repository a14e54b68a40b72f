import type { TestProject } from 'vitest/node';
import { migrateDatabase } from '../src/db/client';
import { onCluster, startTestCluster, withDatabase } from './cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server URL (database part left off) where tests may create databases. */
    postgresServerUrl: string;
    templateDatabase: string;
  }
}

const TEMPLATE = 'maika_test_template';

/** One PostgreSQL for the whole run; migrations run once into a template that each test file copies. */
export default async function setup(project: TestProject) {
  const cluster = await startTestCluster();
  await onCluster(cluster.url, `drop database if exists ${TEMPLATE}`, `create database ${TEMPLATE}`);
  await migrateDatabase(withDatabase(cluster.url, TEMPLATE));

  project.provide('postgresServerUrl', cluster.url);
  project.provide('templateDatabase', TEMPLATE);

  return () => cluster.stop();
}
