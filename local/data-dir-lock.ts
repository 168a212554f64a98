import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LocalStartError } from './start-error';

const LOCK_FILE = 'local-stack.pid';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Claims `dataDir` for this process: dynalite's LevelDB and cognito-local's files take one writer
 * only, and a second stack on the same folder would otherwise crash with a storage error.
 * A lock left by a process that no longer runs is taken over. Returns the release function.
 */
export function claimDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        if (readHolder(file) === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder !== null && isAlive(holder)) {
        throw new LocalStartError(
          `Another ThreadSnip (process ${holder}) is already running on the data folder ${dataDir}. ` +
            `Stop it first, or set DATA_DIR to another folder. (If none is running, delete ${file}.)`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new LocalStartError(`Could not claim the data folder ${dataDir}; another ThreadSnip is starting on it.`);
}
