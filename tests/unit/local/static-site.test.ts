import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticSite } from '#local/web-assets';

describe('the local static site', () => {
  const dist = mkdtempSync(join(tmpdir(), 'threadsnip-dist-'));
  const server = createServer((req, res) => void createStaticSite(dist)(req, res));
  let origin = '';

  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>ThreadSnip</title>');
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers a path with a malformed escape with 400 JSON and its code, and serves the SPA otherwise', async () => {
    for (const path of ['/%ZZ', '/thread/%ED%A0%80', '/%']) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toMatchObject({ code: 'malformed_path' });
    }
    const page = await fetch(`${origin}/thread/a%20b`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('ThreadSnip');
  });
});
