/**
 * Every local process stays off AWS: a region, dummy credentials, and no EC2 metadata lookups
 * (the SDK's default credential chain would otherwise try 169.254.169.254).
 */
export const LOCAL_AWS_ENV = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_EC2_METADATA_DISABLED: 'true',
} as const;

/** Puts the safe AWS settings into this process's environment (keeping any region already set). */
export function applyLocalAwsEnv(): void {
  for (const [name, value] of Object.entries(LOCAL_AWS_ENV)) {
    if (name === 'AWS_REGION' && process.env.AWS_REGION) continue;
    process.env[name] = value;
  }
  // Real credentials from a profile must not be picked up by local processes either.
  delete process.env.AWS_PROFILE;
  delete process.env.AWS_SESSION_TOKEN;
}
