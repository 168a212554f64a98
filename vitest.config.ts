import { defineConfig } from 'vitest/config';

// Every process this test run starts stays off AWS: a region, dummy credentials, no metadata lookups.
const localAwsEnv = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_EC2_METADATA_DISABLED: 'true',
};

export default defineConfig({
  test: {
    env: localAwsEnv,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
          env: localAwsEnv,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          env: localAwsEnv,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // Bluesky against a real PDS, whose packages install apart: `npm ci --prefix tests/bluesky-pds`.
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
