import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

// The cloud build (`npm run build:web`, Vite's default mode) must not contain the local test
// checkout: not its route, not its page, not its texts. One production build, about 5 s.

const rootDir = fileURLToPath(new URL('../../..', import.meta.url));
const outDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-cloud-build-'));

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** Texts only the test checkout has: its route, its buttons and its heading. */
const TEST_CHECKOUT_MARKERS = ['/credits/test-checkout', 'Complete test payment', 'Test checkout'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('the cloud build of the SPA', () => {
  it('leaves out the local test checkout entirely', { timeout: 120_000 }, async () => {
    // The markers are real: the local page says them (the local build, used by the e2e tests, keeps it).
    const page = readFileSync(path.join(rootDir, 'web/src/features/credits/routes/test-checkout-page.tsx'), 'utf8');
    for (const marker of TEST_CHECKOUT_MARKERS.slice(1)) expect(page).toContain(marker);
    expect(readFileSync(path.join(rootDir, 'web/src/app/router.tsx'), 'utf8')).toContain(TEST_CHECKOUT_MARKERS[0]);

    await build({
      configFile: path.join(rootDir, 'web/vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, sourcemap: false },
    });

    const files = filesUnder(outDir);
    expect(files.some((file) => file.endsWith('index.html'))).toBe(true);
    expect(files.filter((file) => /test-checkout/i.test(path.basename(file)))).toEqual([]);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const marker of TEST_CHECKOUT_MARKERS) expect(text.includes(marker), `${marker} in ${file}`).toBe(false);
    }
  });
});
