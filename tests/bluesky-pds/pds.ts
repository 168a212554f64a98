import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The PDS packages are installed apart from the app, by the root postinstall or by hand with this command. */
export const PDS_INSTALL_COMMAND = 'npm ci --prefix tests/bluesky-pds';

/** True when this folder's own dependencies (the PDS, PLC directory, better-sqlite3 built) are installed. */
export function pdsInstalled(): boolean {
  return (
    existsSync(path.join(here, 'node_modules/@atproto/pds/package.json')) &&
    existsSync(path.join(here, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'))
  );
}

export interface RunningPds {
  pdsUrl: string;
  /**
   * The PDS on loopback, as ALLOW_PRIVATE_FETCH_HOSTS entries: its own address and `localhost:port`,
   * the PDS endpoint its accounts' DID documents name.
   */
  allowedHosts: string;
  stop(): Promise<void>;
}

/**
 * Starts start-pds.cjs as a child process and resolves once it prints its address. With `appView`,
 * the PDS proxies app.bsky.* reads there, as the AppView with that DID (`#bsky_appview`).
 */
export async function startPds(
  options: { appView?: { url: string; did: string }; timeoutMs?: number } = {},
): Promise<RunningPds> {
  if (!pdsInstalled()) throw new Error(`The Bluesky PDS test package is not installed: run \`${PDS_INSTALL_COMMAND}\``);
  const { appView, timeoutMs = 60_000 } = options;
  const child: ChildProcess = spawn(process.execPath, [path.join(here, 'start-pds.cjs')], {
    cwd: here,
    stdio: ['pipe', 'pipe', 'inherit'],
    env: {
      ...process.env,
      ...(appView ? { THREADSNIP_APPVIEW_URL: appView.url, THREADSNIP_APPVIEW_DID: appView.did } : {}),
    },
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  try {
    const lines = readline.createInterface({ input: child.stdout! });
    const [line] = (await Promise.race([
      once(lines, 'line'),
      once(child, 'exit').then(([code]) => {
        throw new Error(`The PDS exited before it was ready (exit ${code})`);
      }),
    ])) as [string];
    const { pdsUrl } = JSON.parse(line) as { pdsUrl: string };
    const { port } = new URL(pdsUrl);
    return {
      pdsUrl,
      allowedHosts: `127.0.0.1:${port},localhost:${port}`,
      async stop() {
        if (child.exitCode !== null) return;
        child.kill('SIGTERM');
        await once(child, 'exit');
      },
    };
  } finally {
    clearTimeout(timer);
  }
}
