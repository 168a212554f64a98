/**
 * What the resumable migrations share: their progress item (`MIGRATIONS`/<name>), which holds the
 * whole walk's counts, the last run's, and where an unfinished walk stopped; and their command-line
 * entry (the table opened, Ctrl-C stopping after the unit under way with the progress saved).
 */

/** Where a walk stopped, as the migration needs it to resume (a listing key, a phase). */
type Position = Record<string, unknown>;

export interface MigrationWalk<C extends { [K in keyof C]: number }, P extends Position> {
  /** Whether this run continues a walk an earlier run left unfinished. */
  resumed: boolean;
  /** Where the unfinished walk stopped (undefined: start from the first). */
  resumeAt: P | undefined;
  /** This run's counts. */
  run: C;
  /** The whole walk's, the earlier unfinished runs' included. */
  walk: C;
  /** Adds to a count of this run and of the whole walk. */
  count: (name: keyof C, by?: number) => void;
  /** Saves the progress: where to resume (none: from the first), or that the walk ended. */
  save: (resumeAt: P | undefined, finished: boolean) => Promise<void>;
}

/** Reads the progress item of migration `name` (see the header) and gives the walk its counts and its save. */
export async function openMigrationWalk<C extends { [K in keyof C]: number }, P extends Position>(
  name: string,
  noCounts: () => C,
): Promise<MigrationWalk<C, P>> {
  // Loaded here, not at the top: the table's environment is set by the caller first.
  const { GetCommand, PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db, tableName } = await import('../../functions/data/client');
  const { itemTypes, keys } = await import('../../functions/data/keys');

  const { Item: saved } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.migrationProgress(name), ConsistentRead: true }),
  );
  const resumeAt = saved?.resumeAt as P | undefined;
  const resumed = resumeAt !== undefined;
  const walk: C = resumed ? { ...noCounts(), ...(saved?.walk as Partial<C>) } : noCounts();
  const run = noCounts();
  const walkStartedAt: string = resumed ? String(saved?.walkStartedAt) : new Date().toISOString();

  return {
    resumed,
    resumeAt,
    run,
    walk,
    count: (counted, by = 1) => {
      for (const counts of [run, walk]) counts[counted] = (counts[counted] + by) as C[keyof C];
    },
    save: async (position, finished) => {
      await db.send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.migrationProgress(name),
            type: itemTypes.migrationProgress,
            walkStartedAt,
            updatedAt: new Date().toISOString(),
            walk,
            lastRun: run,
            ...(finished ? { finishedAt: new Date().toISOString() } : position ? { resumeAt: position } : {}),
          },
        }),
      );
    },
  };
}

/**
 * Runs a migration from the command line: opens the table (`openTableForScript`), lets a first Ctrl-C
 * stop the walk after the unit under way (a second one quits at once), and prints its report.
 */
export async function runMigrationScript<R>(
  migrate: (signal: AbortSignal) => Promise<R>,
  describe: (report: R) => string[],
): Promise<void> {
  const { openTableForScript } = await import('./open-table');
  const close = await openTableForScript();
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  try {
    for (const line of describe(await migrate(stop.signal))) console.log(line);
  } finally {
    await close();
  }
}
