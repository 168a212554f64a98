import { expect, test } from '@playwright/test';
import { freePort } from '../../local/ports';
import { type StartedStack, startStack } from '../helpers/local-stack';

test('an account and its session survive a restart of the local stack', async ({ page }) => {
  const port = String(await freePort());
  const first = await startStack({ web: 'prod', env: { PORT: port } });
  let second: StartedStack | undefined;
  try {
    const email = 'restart-curator@example.com';
    await page.goto(`${first.url}/auth`);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('curator-pass-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const menuButton = page.getByRole('button', { name: `Account menu for ${email}` });
    await expect(menuButton).toBeVisible();

    await first.stop();
    second = await startStack({ web: 'prod', dataDir: first.dataDir, env: { PORT: port } });
    expect(second.url).toBe(first.url);

    // Same data, same token issuer: the browser is still signed in and the balance is still there.
    await page.reload();
    await expect(menuButton).toBeVisible();
    await menuButton.click();
    await expect(page.getByRole('region', { name: 'Credit balance' })).toContainText('5');
  } finally {
    await second?.stop();
    await first.cleanup();
  }
});
