/**
 * Where the command line keeps the API it talks to and its key: `$XDG_CONFIG_HOME/threadsnip/config.json`
 * (default `~/.config/threadsnip/config.json`, on macOS and Linux alike), the folder 0700 and the file
 * 0600, written atomically (a temporary file in the same folder, renamed over). THREADSNIP_API_URL and
 * THREADSNIP_API_KEY override what the file holds (for scripts and CI).
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import * as z from 'zod';

/** The API the command line uses when none is given (the local stack of `npm start`). */
export const DEFAULT_API_URL = 'http://localhost:3000';

const storedConfigSchema = z.object({ url: z.url(), key: z.string().min(1) });

/** The API and key the online commands use. */
export type CliConfig = z.infer<typeof storedConfigSchema>;

/** The config file's path for this environment. */
export function cliConfigPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME?.trim() || path.join(env.HOME?.trim() || homedir(), '.config');
  return path.join(base, 'threadsnip', 'config.json');
}

async function readStoredConfig(env: NodeJS.ProcessEnv): Promise<CliConfig | null> {
  const text = await readFile(cliConfigPath(env), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (text === null) return null;
  const parsed = storedConfigSchema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}

/**
 * The API and key to use: the environment's THREADSNIP_API_KEY (with THREADSNIP_API_URL, else the
 * stored URL, else the default) over the stored file; null when there is no key at all.
 */
export async function readCliConfig(env: NodeJS.ProcessEnv): Promise<CliConfig | null> {
  const stored = await readStoredConfig(env);
  const key = env.THREADSNIP_API_KEY?.trim() || stored?.key;
  if (!key) return null;
  return { url: apiBaseUrl(env.THREADSNIP_API_URL?.trim() || stored?.url || DEFAULT_API_URL), key };
}

/** An API base URL without its trailing slash; refused unless http(s). */
export function apiBaseUrl(url: string): string {
  const parsed = z.url({ protocol: /^https?$/ }).safeParse(url);
  if (!parsed.success) throw new RangeError(`"${url}" is not an http(s) URL.`);
  return parsed.data.replace(/\/+$/, '');
}

/** Stores the API and key for the user alone: folder 0700, file 0600, never half-written. */
export async function writeCliConfig(config: CliConfig, env: NodeJS.ProcessEnv): Promise<string> {
  const file = cliConfigPath(env);
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir leaves an existing folder's mode as it was.
  await chmod(dir, 0o700);
  const temporary = path.join(dir, `.config.json.${randomBytes(6).toString('hex')}`);
  try {
    await writeFile(temporary, `${JSON.stringify(storedConfigSchema.parse(config), null, 2)}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
  return file;
}

/** Forgets the stored key; true when there was one. */
export async function removeCliConfig(env: NodeJS.ProcessEnv): Promise<boolean> {
  return rm(cliConfigPath(env)).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
}
