import type { ConnectionView } from '#shared/schemas/publishing';
import { DiscordChannelSelector } from './discord-channel-selector';
import { FacebookPageSelector } from './facebook-page-selector';
import { RedditSubredditSelector } from './reddit-subreddit-selector';

interface TargetSelectorProps {
  connection: ConnectionView;
  returnPath: string;
  onSelected?: (targetId: string) => void;
}

/** Where a chosen platform's posts go, for platforms that post into a chosen place; nothing for the others. */
export function TargetSelector({ connection, returnPath, onSelected }: TargetSelectorProps) {
  if (connection.platform === 'discord') {
    return <DiscordChannelSelector connection={connection} returnPath={returnPath} onSelected={onSelected} />;
  }
  if (connection.platform === 'facebook') {
    return <FacebookPageSelector connection={connection} onSelected={onSelected} />;
  }
  if (connection.platform === 'reddit') {
    return <RedditSubredditSelector connection={connection} returnPath={returnPath} />;
  }
  return null;
}
