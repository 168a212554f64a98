import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const keyFile = path.join(mkdtempSync(path.join(tmpdir(), 'vault-')), 'token-key');
writeFileSync(keyFile, randomBytes(32).toString('base64'));
Object.assign(process.env, { TABLE_NAME: 't', APP_PUBLIC_URL: 'http://localhost:3000', TOKEN_KEY_FILE: keyFile });
const { openToken, sealToken } = await import('#functions/services/connections/token-vault');

describe('the platform token vault', () => {
  it('round-trips a token without the plaintext in the stored form', async () => {
    const sealed = await sealToken('123456:secret-bot-token', 'user-1#telegram#access');
    expect(sealed).not.toContain('secret-bot-token');
    expect(await openToken(sealed, 'user-1#telegram#access')).toBe('123456:secret-bot-token');
  });

  it('refuses a token moved to another user’s row or altered', async () => {
    const sealed = await sealToken('token', 'user-1#telegram#access');
    await expect(openToken(sealed, 'user-2#telegram#access')).rejects.toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    await expect(openToken(parts.join('.'), 'user-1#telegram#access')).rejects.toThrow();
  });
});
