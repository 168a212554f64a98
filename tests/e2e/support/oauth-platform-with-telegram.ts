import { expect, type Page } from '@playwright/test';
import { startTelegramServer } from '../../fakes/telegram-server';
import type { ArticleServer } from '../../helpers/article-server';
import { type StartedStack, startStack } from '../../helpers/local-stack';
import { startHarbourArticle } from './harbour-thread';

/** The stand-in of an OAuth platform, which learns our callback address once the stack has started. */
interface OAuthStandIn {
  allowRedirectUri(uri: string): void;
  close(): Promise<void> | void;
}

/** A stack for connecting one OAuth platform and publishing to it with Telegram, and what it runs on. */
export interface PlatformWithTelegram {
  stack: StartedStack;
  telegram: Awaited<ReturnType<typeof startTelegramServer>>;
  articles: ArticleServer;
  stop(): Promise<void>;
}

/**
 * Starts the Telegram stand-in (the bot `botToken`, chat -1001), the harbour article and the stack
 * with the platform's `env`, then registers the stack's callback with the platform's stand-in.
 */
export async function startPlatformWithTelegram(
  platform: 'threads' | 'linkedin',
  standIn: OAuthStandIn,
  env: Record<string, string>,
  botToken: string,
): Promise<PlatformWithTelegram> {
  const telegram = await startTelegramServer({
    token: botToken,
    botUsername: 'snipbot',
    chats: [{ id: '-1001', title: 'Curated Reads', username: 'curatedreads' }],
  });
  const articles = await startHarbourArticle();
  const stack = await startStack({
    web: 'prod',
    env: { ...env, TELEGRAM_API_URL: telegram.url, ALLOW_PRIVATE_FETCH_HOSTS: articles.host },
  });
  standIn.allowRedirectUri(`${stack.url}/api/connections/${platform}/callback`);
  return {
    stack,
    telegram,
    articles,
    stop: async () => {
      await stack.cleanup();
      await standIn.close();
      await telegram.close();
      await articles.close();
    },
  };
}

/** Connects Telegram on the Account Settings page with the bot token and chat -1001. */
export async function connectTelegramCard(page: Page, botToken: string) {
  const card = page.getByRole('article', { name: 'Telegram connection' });
  await card.getByRole('button', { name: 'Connect' }).click();
  await card.getByLabel('Bot token').fill(botToken);
  await card.getByLabel('Chat ID').fill('-1001');
  await card.getByRole('button', { name: 'Connect' }).click();
  await expect(card.getByText('@snipbot')).toBeVisible();
}

/** Publishes from the share step and waits until both rows say they posted. */
export async function publishAndSeeBothRows(page: Page, platform: 'threads' | 'linkedin') {
  await page.getByRole('button', { name: 'Continue to Publishing' }).click();
  await expect(page.getByTestId(`publish-row-${platform}`)).toContainText('Successfully posted!', { timeout: 30_000 });
  await expect(page.getByTestId('publish-row-telegram')).toContainText('Successfully posted!', { timeout: 30_000 });
  await expect(page.getByText('All Platforms Posted!')).toBeVisible();
}
