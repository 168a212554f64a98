import { expect, type Page } from '@playwright/test';
import { type ArticleServer, harbourArticlePage, startArticleServer } from '../../helpers/article-server';

/**
 * A local article server with one long enough article at /harbour (several posts on any platform),
 * declaring its author's X handle and fediverse account when given.
 */
export async function startHarbourArticle(
  options: { twitterCreator?: string; fediverseCreator?: string } = {},
): Promise<ArticleServer> {
  const articles = await startArticleServer();
  articles.page('/harbour', harbourArticlePage(options));
  return articles;
}

/** Generates a thread from /harbour on /create, saves it and stops on the share step. */
export async function generateHarbourThreadToShareStep(page: Page, stackUrl: string, articles: ArticleServer) {
  await page.goto(`${stackUrl}/create`);
  await page.getByLabel('Article URL').fill(`${articles.url}/harbour`);
  await page.getByRole('button', { name: /Generate Thread/ }).click();
  await expect(page.getByRole('heading', { name: 'Thread Preview' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Share Your Thread' })).toBeVisible();
}
