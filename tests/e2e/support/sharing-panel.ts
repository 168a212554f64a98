import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens the thread page's sharing panel (Share Thread) until `platform`'s checkbox shows, and returns
 * that checkbox: what loads around the button (the posts' pictures, the Performance section) can move
 * it as the click lands, and a lost click leaves the panel closed.
 */
export async function openSharingPanel(page: Page, platform: RegExp): Promise<Locator> {
  const checkbox = page.getByRole('checkbox', { name: platform });
  await expect(async () => {
    if (!(await checkbox.isVisible())) await page.getByRole('button', { name: 'Share Thread' }).click();
    await expect(checkbox).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  return checkbox;
}
