/** One subreddit as Reddit listed it for the connected account (spec §3 Reddit connection_data). */
export interface SubredditOption {
  name: string;
  title: string;
  subscribers: number;
  userIsModerator: boolean;
  userIsContributor: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

/** Every subreddit in a Reddit connection's data, as stored. */
export function redditSubreddits(connectionData: Record<string, unknown>): SubredditOption[] {
  const list = Array.isArray(connectionData.subreddits) ? connectionData.subreddits : [];
  return list.flatMap((entry) => {
    if (!isRecord(entry)) return [];
    const name = text(entry.name);
    if (!name) return [];
    return [
      {
        name,
        title: text(entry.title) ?? name,
        subscribers: typeof entry.subscribers === 'number' && entry.subscribers >= 0 ? entry.subscribers : 0,
        userIsModerator: entry.userIsModerator === true,
        userIsContributor: entry.userIsContributor === true,
      },
    ];
  });
}
