import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkSensitivity } from '#functions/services/moderation/sensitivity';
import { type FakeOpenAi, startFakeOpenAi } from '../../helpers/fake-openai-server';

let fake: FakeOpenAi;
let openai: { apiKey: string; baseURL: string; timeoutMs: number };

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  openai = { apiKey: fake.apiKey, baseURL: fake.url, timeoutMs: 1_000 };
});

describe('checkSensitivity with the OpenAI moderation endpoint', () => {
  it('maps OpenAI categories to ours, in order and without duplicates', async () => {
    fake.setModerationBehaviour({
      kind: 'flags',
      categories: ['violence/graphic', 'sexual/minors', 'harassment/threatening', 'illicit'],
    });

    const result = await checkSensitivity('Some article text.', { openai });

    expect(result).toEqual({ isSensitive: true, categories: ['violence', 'sexual', 'harassment', 'illicit'] });
    expect(fake.requests[0]?.path).toBe('/v1/moderations');
    expect(fake.requests[0]?.body).toMatchObject({ model: 'omni-moderation-latest', input: ['Some article text.'] });
  });

  it('decides with the endpoint, not the local rules', async () => {
    fake.setModerationBehaviour({ kind: 'flags', categories: [] });

    const result = await checkSensitivity('The gunman opened fire and killed two people.', { openai });

    expect(result).toEqual({ isSensitive: false, categories: [] });
  });

  it('sends a long article in chunks', async () => {
    const long = 'A calm paragraph about gardening and soil. '.repeat(600);

    await checkSensitivity(long, { openai });

    const input = fake.requests[0]?.body?.input as string[];
    expect(input.length).toBeGreaterThan(1);
    expect(input.every((chunk) => chunk.length <= 8_000)).toBe(true);
  });

  it.each([
    ['a 429', { kind: 'error', status: 429, retryAfter: '20' }],
    ['a 500', { kind: 'error', status: 500 }],
    ['a hang', { kind: 'hang' }],
  ] as const)('counts as not sensitive after %s', async (_, reply) => {
    fake.setModerationBehaviour(reply);
    const errors: unknown[] = [];

    const result = await checkSensitivity('The gunman opened fire.', { openai, onError: (e) => errors.push(e) });

    expect(result).toEqual({ isSensitive: false, categories: [] });
    expect(errors).toHaveLength(1);
  });
});
