import { expect, type Page } from '@playwright/test';
import type { Thread } from '#shared/schemas/thread';
import { api, signIn as apiSignIn, signUp as apiSignUp, connectMastodon } from '../../helpers/auth-client';
import type { StartedStack } from '../../helpers/local-stack';
import { seededThread, seedThreads } from '../../helpers/seed-threads';
import { E2E_PASSWORD, signInOnPage } from './accounts';

/**
 * A fresh user named after `name`, with Telegram connected through the API (the bot token and chat the
 * Telegram stand-in knows), Mastodon too when `mastodonInstance` names the stand-in's host:port, and one
 * saved thread (seeded thread `threadIndex`), signed in on the page.
 */
export async function telegramCuratorWithThread(
  page: Page,
  stack: StartedStack,
  options: {
    name: string;
    botToken: string;
    chatId: string;
    threadIndex: number;
    overrides?: Partial<Thread>;
    mastodonInstance?: string;
  },
): Promise<Thread> {
  const email = `${options.name}-${Date.now()}@example.com`;
  const { UserSub: userId } = await apiSignUp(stack.url, email, E2E_PASSWORD);
  const { idToken } = await apiSignIn(stack.url, email, E2E_PASSWORD);
  const connected = await api(stack.url, '/api/connections/telegram', {
    token: idToken,
    method: 'POST',
    body: { botToken: options.botToken, chatId: options.chatId },
  });
  expect(connected.status).toBe(200);
  if (options.mastodonInstance) await connectMastodon(stack.url, idToken, options.mastodonInstance);
  const thread = seededThread(userId, options.threadIndex, options.overrides);
  await seedThreads(stack, [thread]);
  await signInOnPage(page, stack.url, email);
  return thread;
}
