import { describe, expect, it } from 'vitest';
import { logger, MAX_LOGGED_STRING } from '#functions/lib/logger';
import { captureJsonLines } from '../../helpers/captured-output';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJlLWJ5dGVz';

describe('logger', () => {
  it('masks emails, tokens and passwords in any field, nested or inside text', async () => {
    const [line] = await captureJsonLines(() =>
      logger.info('sign-in for ana@example.com', {
        userId: 'user-1',
        password: 'hunter22',
        request: { headers: { Authorization: `Bearer ${JWT}` }, appPassword: 'abcd-efgh-ijkl-mnop' },
        note: `token ${JWT} and key sk-proj-abcdefghijklmnopqrstuvwx`,
        error: new Error('no account for bob@example.org'),
      }),
    );
    const text = JSON.stringify(line);
    for (const secret of ['ana@example.com', 'bob@example.org', 'hunter22', JWT, 'abcd-efgh', 'sk-proj-abc']) {
      expect(text).not.toContain(secret);
    }
    expect(line).toMatchObject({
      level: 'INFO',
      message: 'sign-in for [email]',
      userId: 'user-1',
      password: '[masked]',
      request: { headers: { Authorization: '[masked]' }, appPassword: '[masked]' },
      note: 'token [token] and key [token]',
      error: { message: 'no account for [email]' },
    });
  });

  it('cuts huge fields and logs circular values without throwing', async () => {
    const circular: Record<string, unknown> = { name: 'loop' };
    circular.self = circular;
    const [line] = await captureJsonLines(() =>
      logger.warn('big', { articleLength: 9, excerpt: 'x'.repeat(50_000), circular, count: 10n }),
    );
    expect(String(line?.excerpt).length).toBeLessThan(MAX_LOGGED_STRING + 50);
    expect(String(line?.excerpt)).toContain('[cut 48000 characters]');
    expect(line).toMatchObject({ circular: { name: 'loop' }, count: '10', articleLength: 9 });
  });
});
