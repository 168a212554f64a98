import { configDefaults, defineConfig } from 'vitest/config';
import { cpuBoundWorkers, waitingWorkers } from './tests/helpers/parallelism';

// Every process this test run starts stays off AWS: a region, dummy credentials, no metadata lookups.
const localAwsEnv = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_EC2_METADATA_DISABLED: 'true',
};

/**
 * Build-level checks: esbuild bundles of every handler, CDK synthesis, the Vite build, the CLI bundle.
 * CPU-bound and minutes long, they run as their own project, alongside the others (scripts/run-tests.ts).
 */
const buildTests = [
  'tests/unit/infra/**/*.test.ts',
  'tests/unit/web/cloud-build.test.ts',
  'tests/integration/cli/cli-bundle.test.ts',
  'tests/integration/infra/cdk-app.test.ts',
];

/** Unit and build files at once (UNIT_WORKERS; one per core: vitest's default leaves one core idle). */
const cpuWorkers = cpuBoundWorkers(process.env.UNIT_WORKERS);
/** Integration files at once (INTEGRATION_WORKERS; 2 by default, on 2 cores too). */
const integrationWorkers = waitingWorkers(process.env.INTEGRATION_WORKERS);

export default defineConfig({
  test: {
    env: localAwsEnv,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, ...buildTests],
          environment: 'node',
          env: localAwsEnv,
          maxWorkers: cpuWorkers,
          // Not a speed target: a UI test typing into jsdom takes seconds on a loaded two-core machine.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...buildTests],
          environment: 'node',
          env: localAwsEnv,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own servers on free ports, with its own tables and temp folders, so
          // files run side by side; they mostly wait on child processes and timers, not the CPU.
          maxWorkers: integrationWorkers,
        },
      },
      {
        test: {
          name: 'build',
          include: buildTests,
          environment: 'node',
          env: localAwsEnv,
          maxWorkers: cpuWorkers,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Bluesky against a real PDS, whose packages install apart (the root postinstall installs them).
        test: {
          name: 'bluesky-pds',
          include: ['tests/bluesky-pds/*.test.ts'],
          environment: 'node',
          env: localAwsEnv,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
