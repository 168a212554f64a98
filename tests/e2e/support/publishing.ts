import { expect, type Page } from '@playwright/test';

/** On /create: generates a thread from `articleUrl`, saves it and waits for the share step. */
export async function generateToShareStep(page: Page, baseUrl: string, articleUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/create`);
  await page.getByLabel('Article URL').fill(articleUrl);
  await page.getByRole('button', { name: /Generate Thread/ }).click();
  await expect(page.getByRole('heading', { name: 'Thread Preview' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Share Your Thread' })).toBeVisible();
}
