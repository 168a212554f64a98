import { afterAll, describe, expect, it } from 'vitest';
import { startTelegramServer } from '../../fakes/telegram-server';
import { outgoingImage } from '../../helpers/outgoing-images';
import { outgoingPost } from '../../helpers/outgoing-posts';

const TOKEN = '123456:MEDIA-token';
const CHAT = { id: '-1002', title: 'Harbour Pictures', username: 'harbourpictures' };
const telegram = await startTelegramServer({ token: TOKEN, botUsername: 'snipbot', chats: [CHAT] });
Object.assign(process.env, {
  TELEGRAM_API_URL: telegram.url,
  // The adapter keeps nothing: no table is used.
  TABLE_NAME: 'unused',
  APP_PUBLIC_URL: 'http://localhost:3000',
});
const { telegramAdapter } = await import('#functions/services/platforms/telegram');
const { PlatformRejectedError, PlatformUnavailableError } = await import(
  '#functions/services/platforms/platform-adapter'
);

afterAll(() => telegram.close());

const connection = {
  platformUsername: '@snipbot',
  credentials: { accessToken: TOKEN, refreshToken: null, expiresAt: null },
  connectionData: { chatId: CHAT.id, chatTitle: CHAT.title, chatUsername: CHAT.username },
};
const link = (messageId: number) => `https://t.me/${CHAT.username}/${messageId}`;
const LONG_TEXT = `The auction hall at five. ${'Buyers bid on cod and plaice while the auctioneer shouts. '.repeat(25)}`;

async function parentMessage() {
  return telegramAdapter.publishPost(connection, outgoingPost({ text: 'The harbour at dawn.' }));
}

describe('Telegram pictures (sendPhoto, sendMediaGroup)', () => {
  it('sends one picture with sendPhoto, the post as its caption, replying to the post before', async () => {
    const parent = await parentMessage();
    const picture = await outgoingImage({ mediaId: 'media-one' });
    const start = telegram.messages.length;

    const made = await telegramAdapter.publishPost(
      connection,
      outgoingPost({ text: 'At the quay.', images: [picture], parent }),
    );

    const [photo, ...more] = telegram.messages.slice(start);
    expect(more).toEqual([]);
    expect(photo).toMatchObject({ text: 'At the quay.', replyTo: Number(parent.id) });
    expect(photo!.photo).toEqual({ bytes: picture.data, mimeType: 'image/png', fileName: 'media-one.png' });
    expect(made).toEqual({ id: String(photo!.messageId), url: link(photo!.messageId) });
  });

  it('sends several pictures as one album with sendMediaGroup, the caption on the first', async () => {
    const parent = await parentMessage();
    const pictures = await Promise.all(
      ['a', 'b', 'c'].map((name) => outgoingImage({ mediaId: `media-${name}`, mimeType: 'image/jpeg' })),
    );
    const start = telegram.messages.length;

    const made = await telegramAdapter.publishPost(
      connection,
      outgoingPost({ text: 'Three boats.', images: pictures, parent }),
    );

    const album = telegram.messages.slice(start);
    expect(album.map(({ text, replyTo }) => ({ text, replyTo }))).toEqual([
      { text: 'Three boats.', replyTo: Number(parent.id) },
      { text: '', replyTo: Number(parent.id) },
      { text: '', replyTo: Number(parent.id) },
    ]);
    expect(new Set(album.map((message) => message.mediaGroupId)).size).toBe(1);
    expect(album.map((message) => message.photo?.bytes)).toEqual(pictures.map((picture) => picture.data));
    expect(made.id).toBe(String(album[0]!.messageId));
  });

  it('sends the pictures, then the text replying to them, when the text is too long for a caption', async () => {
    const parent = await parentMessage();
    const post = outgoingPost({ text: LONG_TEXT, images: [await outgoingImage({})], parent });
    const start = telegram.messages.length;

    const made = await telegramAdapter.publishPost(connection, post);

    const [photo, text] = telegram.messages.slice(start);
    expect(photo).toMatchObject({ text: '', replyTo: Number(parent.id) });
    expect(text).toMatchObject({ text: LONG_TEXT, replyTo: photo!.messageId });
    // The next post replies to the text; the post's link opens at its picture.
    expect(made).toEqual({ id: String(text!.messageId), url: link(photo!.messageId) });
    expect(post.steps).toEqual([{ photosMessageId: String(photo!.messageId) }]);
  });

  it('after the text failed, the retry sends only the text, replying to the pictures already sent', async () => {
    const post = outgoingPost({ text: LONG_TEXT, images: [await outgoingImage({})] });
    const start = telegram.messages.length;
    telegram.failSend(2, { status: 502 });

    await expect(telegramAdapter.publishPost(connection, post)).rejects.toBeInstanceOf(PlatformUnavailableError);
    const retry = outgoingPost({ text: LONG_TEXT, images: post.images, step: post.steps.at(-1)! });
    await telegramAdapter.publishPost(connection, retry);

    const [photo, text, ...more] = telegram.messages.slice(start);
    expect(more).toEqual([]);
    expect(photo?.photo).toBeDefined();
    expect(text).toMatchObject({ text: LONG_TEXT, replyTo: photo!.messageId });
  });

  it('fails with Telegram’s reason, posting nothing, when the upload fails; refuses too many pictures before sending', async () => {
    const start = telegram.messages.length;
    telegram.failSend(1, { status: 500 });
    const one = outgoingPost({ images: [await outgoingImage({})] });
    const five = outgoingPost({
      images: await Promise.all([1, 2, 3, 4, 5].map((n) => outgoingImage({ mediaId: `media-${n}` }))),
    });

    await expect(telegramAdapter.publishPost(connection, one)).rejects.toThrow(
      new PlatformUnavailableError('Internal Server Error'),
    );
    await expect(telegramAdapter.publishPost(connection, five)).rejects.toThrow(
      new PlatformRejectedError('A post can carry at most 4 images here, not 5'),
    );
    expect(telegram.messages.length).toBe(start);
  });
});
