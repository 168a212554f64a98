import type { Platform } from '#shared/schemas/thread';

/** What a connection card says about a platform. */
export interface PlatformDetails {
  description: string;
  permissions: string[];
  features: string[];
  /** OAuth platforms connect by sending the browser to the platform; the others through their own form. */
  connectsBy: 'oauth' | 'form';
}

/** The order account settings lists platforms in. */
export const PLATFORM_ORDER: readonly Platform[] = [
  'twitter',
  'facebook',
  'threads',
  'linkedin',
  'reddit',
  'discord',
  'mastodon',
  'bluesky',
  'telegram',
];

/** Every platform's card copy, in one place. */
export const PLATFORM_DETAILS: Record<Platform, PlatformDetails> = {
  twitter: {
    description: 'Post threads to your X account as a chain of replies.',
    permissions: ['Read your profile', 'Post and reply on your behalf', 'Stay connected (offline access)'],
    features: [
      'Threads as a reply chain',
      'The author credited with an @mention where known',
      'A View link to the first post',
    ],
    connectsBy: 'oauth',
  },
  facebook: {
    description: 'Post threads to a Facebook Page you manage.',
    permissions: [
      'List the Pages you manage',
      'Manage posts on your Page',
      'Read engagement on your Page',
      'Comment as your Page',
    ],
    features: ['The first post with the article as its link', 'The rest of the thread as comments, in order'],
    connectsBy: 'oauth',
  },
  threads: {
    description: 'Post threads to your Threads profile as a chain of replies.',
    permissions: [
      'Read your Threads profile',
      'Publish posts on your behalf',
      'Reply to your own posts and read the replies',
      'Read the insights of your posts',
    ],
    features: [
      'Threads as a reply chain, each post within 500 characters and 5 links',
      "Checked against your profile's 24-hour publishing limits before posting",
      'A View link to the first post',
    ],
    connectsBy: 'oauth',
  },
  linkedin: {
    description: 'Share threads as a post on your LinkedIn profile or a page you administer.',
    permissions: [
      'Know who you are (your name and member id)',
      'Post on your behalf',
      'List the pages you administer and post on them',
      'Access for 60 days: LinkedIn does not renew it, so reconnect before it ends',
    ],
    features: [
      'The whole thread as one post of up to 3,000 characters, shortened between sentences when longer',
      'The author credited and the article attached, so LinkedIn shows its preview',
      'A View link to the post',
      'Post analytics are not available: LinkedIn opens them to approved partners only',
    ],
    connectsBy: 'oauth',
  },
  reddit: {
    description: 'Share threads as a post in a subreddit you moderate or contribute to.',
    permissions: ['Know your Reddit identity', 'Submit posts', 'List the subreddits you belong to'],
    features: ['One self-post in Markdown with the source link at the top', 'Choose the subreddit per connection'],
    connectsBy: 'oauth',
  },
  discord: {
    description: 'Post threads to a channel of a Discord server you manage, through the ThreadSnip bot.',
    permissions: ['Add the bot to a server you manage', 'Send messages and create threads in the chosen channel'],
    features: ['The first post in the channel, the rest in a Discord thread', 'Choose the channel per connection'],
    connectsBy: 'oauth',
  },
  mastodon: {
    description: 'Post threads to your account on any Mastodon server.',
    permissions: ['Read your account', 'Publish posts'],
    features: [
      "Posts sized to your server's own limit",
      'Threads as a reply chain',
      'The author mentioned where known',
    ],
    connectsBy: 'oauth',
  },
  bluesky: {
    description: 'Post threads to Bluesky with an app password.',
    permissions: ['Post on your behalf with an app password you can revoke'],
    features: ['Threads as a reply chain', 'Links as rich-text links', 'A link card for the source article'],
    connectsBy: 'form',
  },
  telegram: {
    description: 'Post threads to a Telegram channel or group through your own bot.',
    permissions: ['Send messages to the chosen chat'],
    features: ['Threads as one message when they fit, or a reply chain', 'A View link for public channels'],
    connectsBy: 'form',
  },
};
