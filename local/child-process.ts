import type { ChildProcess } from 'node:child_process';

/** True once the child has ended, by exit code or by a signal (a terminal's Ctrl+C reaches the whole group). */
export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Asks the child to stop and resolves when it has, at once if it already ended. */
export function stopChildProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (hasExited(child)) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
