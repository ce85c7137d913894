import type { TestProject } from 'vitest/node';
import { startCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

/** Starts one throwaway cluster for the whole PostgreSQL run; each test file makes its own database in it. */
export default async function setup(project: TestProject) {
  const cluster = await startCluster();
  project.provide('pgUrl', cluster.url);
  return () => cluster.stop();
}
