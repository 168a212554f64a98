import { afterAll, describe, expect, it } from 'vitest';
import { startDiscordServer } from '../../fakes/discord-server';
import { outgoingImage } from '../../helpers/outgoing-images';
import { outgoingPost } from '../../helpers/outgoing-posts';

const APP = {
  clientId: '1100000000000000001',
  clientSecret: 'discord-client-secret',
  botToken: 'MTEw.bot-token.secret',
  redirectUri: 'http://localhost:3000/api/connections/discord/callback',
};
const BOT = { id: '1100000000000000001', username: 'ThreadSnip' };
const bits = (...values: number[]) => values.reduce((all, bit) => all | (1n << BigInt(bit)), 0n).toString();
const GUILD = { id: '401', name: 'Pictures Club' };
// The bot's role: view, send, attach files, read history, start public threads, send in threads.
const BOT_ROLE = { id: '4019', permissions: bits(10, 11, 15, 16, 35, 38) };

const discord = await startDiscordServer({
  app: APP,
  bot: BOT,
  user: { id: '2200000000000000002', username: 'curator' },
  guilds: [
    {
      ...GUILD,
      userPermissions: bits(5, 10, 11),
      roles: [{ id: GUILD.id, permissions: '0' }, BOT_ROLE],
      channels: [
        { id: '4011', name: 'gallery', type: 0, position: 0, permission_overwrites: [] },
        {
          id: '4012',
          name: 'no-files',
          type: 0,
          position: 1,
          permission_overwrites: [{ id: BOT_ROLE.id, type: 0, allow: '0', deny: bits(15) }],
        },
      ],
      botRoles: [BOT_ROLE.id],
    },
  ],
});
Object.assign(process.env, {
  DISCORD_API_URL: discord.apiUrl,
  DISCORD_CLIENT_ID: APP.clientId,
  DISCORD_CLIENT_SECRET: APP.clientSecret,
  DISCORD_BOT_TOKEN: APP.botToken,
  // The adapter keeps nothing: no table is used.
  TABLE_NAME: 'unused',
  APP_PUBLIC_URL: 'http://localhost:3000',
});
const { discordAdapter } = await import('#functions/services/platforms/discord');

afterAll(() => discord.close());

const connectionIn = (channelId: string) => ({
  platformUsername: 'curator',
  credentials: { accessToken: 'user-token', refreshToken: null, expiresAt: null },
  connectionData: {
    channels: [
      {
        guild: GUILD,
        channels: [
          { id: '4011', name: 'gallery' },
          { id: '4012', name: 'no-files' },
        ],
      },
    ],
    selectedChannelId: channelId,
  },
});
const messagesSince = (start: number) => discord.messages.slice(start);

describe('Discord pictures (multipart: payload_json, files[n], attachments with descriptions)', () => {
  it('posts the first message with its pictures attached, each with its alt text as description', async () => {
    const wide = await outgoingImage({ mediaId: 'media-wide', alt: 'Boats at the quay' });
    const tall = await outgoingImage({ mediaId: 'media-tall', mimeType: 'image/jpeg', alt: 'The auction hall' });
    const start = discord.messages.length;

    const made = await discordAdapter.publishPost(
      connectionIn('4011'),
      outgoingPost({ text: 'The harbour at dawn.', images: [wide, tall] }),
    );

    const [message, ...more] = messagesSince(start);
    expect(more).toEqual([]);
    expect(message).toMatchObject({ id: made.id, channelId: '4011', content: 'The harbour at dawn.' });
    expect(message!.attachments).toEqual([
      { filename: 'media-wide.png', description: 'Boats at the quay', contentType: 'image/png', bytes: wide.data },
      { filename: 'media-tall.jpeg', description: 'The auction hall', contentType: 'image/jpeg', bytes: tall.data },
    ]);
  });

  it('posts a reply with its picture into the thread started from the first message', async () => {
    const connection = connectionIn('4011');
    const root = await discordAdapter.publishPost(connection, outgoingPost({ text: 'The harbour at dawn.' }));
    const picture = await outgoingImage({ mediaId: 'media-reply', alt: 'A gull on the slipway' });

    const made = await discordAdapter.publishPost(
      connection,
      outgoingPost({ text: 'The gulls wait.', images: [picture], parent: root }),
    );

    const message = discord.messages.find((candidate) => candidate.id === made.id)!;
    expect(message.channelId).toBe(root.id);
    expect(discord.threads.get(root.id)).toBeDefined();
    expect(message.attachments?.map(({ description, bytes }) => ({ description, bytes }))).toEqual([
      { description: 'A gull on the slipway', bytes: picture.data },
    ]);
  });

  it('after a lost answer, the retry gets the message already made with its pictures (the nonce), not a second', async () => {
    const post = outgoingPost({ text: 'Only once.', images: [await outgoingImage({})] });
    const start = discord.messages.length;
    discord.failMessage(1, { status: 502, committed: true });

    await expect(discordAdapter.publishPost(connectionIn('4011'), post)).rejects.toThrow('Discord answered 502');
    const made = await discordAdapter.publishPost(connectionIn('4011'), post);

    expect(messagesSince(start).map((message) => message.id)).toEqual([made.id]);
    expect(messagesSince(start)[0]!.attachments).toHaveLength(1);
  });

  it('fails with the missing permission named, posting nothing, where the bot may not attach files', async () => {
    const start = discord.messages.length;

    await expect(
      discordAdapter.publishPost(connectionIn('4012'), outgoingPost({ images: [await outgoingImage({})] })),
    ).rejects.toThrow('and Attach Files for pictures');
    expect(messagesSince(start)).toEqual([]);
  });
});

describe('before a run with pictures: the bot may attach files in the channel', () => {
  const run = (withPictures: boolean) => ({ remaining: 3, made: 0, withPictures });

  it('refuses a run with pictures where the bot may not attach files, naming the permission and the channel', async () => {
    const start = discord.messages.length;

    const refused = discordAdapter.beforeRun!(connectionIn('4012'), run(true));

    await expect(refused).rejects.toThrow(
      "The Discord bot needs Attach Files in #no-files to post this thread's pictures. Allow it for the bot in the channel's or the server's settings, or remove the pictures from the thread.",
    );
    expect(messagesSince(start)).toEqual([]);
  });

  it('lets a run with pictures go where the bot may attach files, and a text run anywhere it may post', async () => {
    await expect(discordAdapter.beforeRun!(connectionIn('4011'), run(true))).resolves.toBeUndefined();
    await expect(discordAdapter.beforeRun!(connectionIn('4012'), run(false))).resolves.toBeUndefined();
  });
});
