/**
 * Migration (issue #41): gives every user from before workspaces their personal workspace. Its id is
 * the user's and its data partition is the user's own `USER#<id>`, so no item is copied or moved:
 * per user it writes the workspace item and the owner's membership, each a conditional Put
 * (`ensurePersonalWorkspace`, which sign-in also calls), and the user's threads, connections and
 * everything else stay where they are. It walks the admin profile listing (a Query of gsi1
 * `PROFILES`, oldest first, never a Scan) page by page, saving its progress after each page (and when
 * stopped) in `MIGRATIONS`/`personal-workspaces` (scripts/lib/migration-walk.ts): a run that finds a walk unfinished resumes it after
 * the last user it finished. Idempotent: a second run creates nothing. The local stack runs it at
 * every start; by hand against a deployed table (your AWS credentials and region):
 *   TABLE_NAME=… npx tsx scripts/migrations/create-personal-workspaces.ts
 * against a running local table with DYNAMODB_ENDPOINT=… TABLE_NAME=…, and without either it opens
 * the local data folder (DATA_DIR) while the stack is stopped. It prints each workspace it created
 * and its report.
 */
import { pathToFileURL } from 'node:url';

/** The progress item's name (`keys.migrationProgress`). */
const MIGRATION = 'personal-workspaces';
/** Profiles read per Query, and so users between two saves of the progress. */
const DEFAULT_PAGE_SIZE = 100;

/** What the migration did with one user. */
export interface MigratedUser {
  userId: string;
  outcome: 'created' | 'already_there' | 'account_deleted';
}

/** Counts of users: seen, given their workspace, found with one, skipped as deleted accounts. */
interface UserCounts {
  usersSeen: number;
  created: number;
  alreadyThere: number;
  accountsDeleted: number;
}

export interface PersonalWorkspacesReport {
  /** Whether this run continued a walk an earlier run left unfinished. */
  resumed: boolean;
  /** Whether the walk reached the last user (false: stopped by its signal, its progress saved). */
  finished: boolean;
  /** This run's counts. */
  run: UserCounts;
  /** The whole walk's, the earlier unfinished runs' included. */
  walk: UserCounts;
  /** Items copied or moved: always 0 (a personal workspace's partition is its user's own). */
  itemsCopied: 0;
  durationMs: number;
}

export interface PersonalWorkspacesOptions {
  /** Stops the walk after the user under way, with the progress saved for the next run. */
  signal?: AbortSignal;
  /** Hears each user as it is done. */
  report?: (user: MigratedUser) => void;
  pageSize?: number;
}

const noUsers = (): UserCounts => ({ usersSeen: 0, created: 0, alreadyThere: 0, accountsDeleted: 0 });

/** Walks every user and makes the personal workspace of each who has none (see the header). */
export async function createPersonalWorkspaces(
  options: PersonalWorkspacesOptions = {},
): Promise<PersonalWorkspacesReport> {
  // Loaded here, not at the top: the table's environment is set by the caller first.
  const { openMigrationWalk } = await import('../lib/migration-walk');
  const { findAccountsWithTombstones } = await import('../../functions/data/account-deletion-repository');
  const { pageOfProfiles } = await import('../../functions/data/account-repository');
  const { ensurePersonalWorkspace } = await import('../../functions/services/workspaces/workspaces');
  const started = performance.now();
  const { signal, report = () => {}, pageSize = DEFAULT_PAGE_SIZE } = options;

  const progress = await openMigrationWalk<UserCounts, { listingKey: Record<string, unknown> }>(MIGRATION, noUsers);
  // The listing key of the last user finished: a later Query resumes right after them.
  let startKey = progress.resumeAt?.listingKey;
  const saveProgress = (listingKey: Record<string, unknown> | undefined, finished: boolean) =>
    progress.save(listingKey ? { listingKey } : undefined, finished);

  let stopped = false;
  do {
    const page = await pageOfProfiles({ newestFirst: false, limit: pageSize, startKey: startKey ?? null });
    const { profiles } = page;
    // An account whose deletion started keeps its profile until the deletion's last step: nothing is added to it.
    const deleted = await findAccountsWithTombstones(
      profiles.map((profile) => String(profile.userId)),
      new Date(),
    );
    for (const profile of profiles) {
      if (signal?.aborted) {
        stopped = true;
        break;
      }
      const userId = String(profile.userId);
      let outcome: MigratedUser['outcome'] = 'account_deleted';
      if (!deleted.has(userId)) {
        // Dated from the user's sign-up, as sign-in dates a new user's: their data in it is theirs since then.
        const signedUp = new Date(String(profile.createdAt));
        const createdAt = Number.isNaN(signedUp.getTime()) ? new Date() : signedUp;
        const made = await ensurePersonalWorkspace({ userId, email: String(profile.email) }, createdAt);
        outcome = made ? 'created' : 'already_there';
      }
      progress.count('usersSeen');
      progress.count(
        outcome === 'created' ? 'created' : outcome === 'already_there' ? 'alreadyThere' : 'accountsDeleted',
      );
      // The listing's key of this user: a later Query resumes right after them.
      startKey = { pk: profile.pk, sk: profile.sk, gsi1pk: profile.gsi1pk, gsi1sk: profile.gsi1sk };
      report({ userId, outcome });
    }
    // Stopped, `startKey` is the last user finished (none yet: the next run starts from the first).
    if (!stopped) startKey = page.lastKey ?? undefined;
    await saveProgress(startKey, !stopped && !startKey);
  } while (startKey && !stopped);

  return {
    resumed: progress.resumed,
    finished: !stopped,
    run: progress.run,
    walk: progress.walk,
    itemsCopied: 0,
    durationMs: Math.round(performance.now() - started),
  };
}

/** The report as lines for a terminal or the local stack's log. */
export function describePersonalWorkspacesReport(report: PersonalWorkspacesReport): string[] {
  const { run, walk } = report;
  const counts = (c: UserCounts) =>
    `${c.usersSeen} user(s) seen, ${c.created} personal workspace(s) created, ${c.alreadyThere} already there` +
    (c.accountsDeleted ? `, ${c.accountsDeleted} deleted account(s) skipped` : '');
  return [
    `personal workspaces: ${report.resumed ? 'resumed an unfinished walk; ' : ''}${counts(run)} in ${(report.durationMs / 1000).toFixed(1)} s`,
    ...(report.resumed ? [`  the whole walk so far: ${counts(walk)}`] : []),
    report.finished
      ? '  every user walked: the next run starts from the first user again (and creates nothing)'
      : '  stopped before the last user: the next run resumes after the last one finished',
    "  0 items copied: each user's threads, connections and other items stayed in place (their personal workspace's partition is their own)",
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { runMigrationScript } = await import('../lib/migration-walk');
  await runMigrationScript(
    (signal) =>
      createPersonalWorkspaces({
        signal,
        report: (user) => {
          if (user.outcome === 'created') console.log(`personal workspace created: ${user.userId}`);
        },
      }),
    describePersonalWorkspacesReport,
  );
}
