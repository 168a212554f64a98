import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '#functions/lib/errors';
import { classifySensitivityLocally } from '#functions/services/moderation/local-classifier';
import {
  checkSensitivity,
  sensitiveContentMessage,
  validateContentForCheck,
} from '#functions/services/moderation/sensitivity';
import { fixtureArticle } from './synthetic-articles';

const SENSITIVE: [string, string[]][] = [
  [fixtureArticle('harbour-district-shooting').content, ['violence', 'drugs', 'weapons']],
  ['Three people were killed and 12 injured when a bomb exploded in a crowded market on Friday.', ['violence']],
  ['The man was stabbed to death outside the station; police are treating it as murder.', ['violence']],
  [
    'A 2019 study found the risk of suicide was higher among young men, and more callers mention self-harm.',
    ['self-harm'],
  ],
  ['He posted that he wanted to kill himself before friends intervened.', ['self-harm']],
  ['He was bullied at school, harassed online for months, and his home address was doxxed.', ['harassment']],
  ['Police seized 3 kg of cocaine and heroin along with two rifles and ammunition.', ['drugs', 'weapons']],
  ['The site hosted pornographic videos and was shut down for distributing porn without consent.', ['sexual']],
  ['The former coach was convicted of rape and sexual assault of two athletes.', ['violence', 'sexual']],
  ['Graffiti with racial slurs and white supremacist symbols appeared on the mosque.', ['hate']],
  ['This is fucking ridiculous, what a pile of sh1t.', ['profanity']],
  ['The leaked messages called him a f4ggot and worse.', ['hate']],
];

const INNOCENT = [
  fixtureArticle('heat-pump-retrofit').content,
  fixtureArticle('library-night-school').content,
  'The killer feature of the new phone is its battery life, and reviewers call it a killer app for travellers.',
  'She shot a photo of the sunset, then shot a short video for the documentary.',
  'The film bombed at the box office despite a star-studded cast.',
  'We had to kill the process and restart the server after the update hung.',
  'He got his flu shot at the clinic; the team shot 40 percent from the field.',
  'A heart attack is a medical emergency. A cyber attack took the bank offline for hours.',
  'Airlines are locked in a price war over summer fares.',
  'Sex differences in heart disease remain understudied, researchers said.',
  'Dick Cheney visited the Moby Dick exhibition in Scunthorpe and sat in the cockpit of a jet; lunch was shiitake soup.',
  'The startup nearly died, but its founders threatened to resign unless the board backed the new strategy.',
  'Use a glue gun to fix the trim, and a secret weapon for cleaning: vinegar.',
];

describe('local sensitivity classifier', () => {
  it.each(SENSITIVE)('flags %s', (text, categories) => {
    const result = classifySensitivityLocally(text);

    expect(result.isSensitive).toBe(true);
    for (const category of categories) expect(result.categories).toContain(category);
  });

  it.each(INNOCENT)('does not flag everyday usage: %s', (text) => {
    expect(classifySensitivityLocally(text)).toEqual({ isSensitive: false, categories: [] });
  });

  it('reports categories in a fixed order without duplicates', () => {
    const result = classifySensitivityLocally(
      'Cocaine and heroin were found. The gunman shot dead two people and wounded a police officer. More cocaine.',
    );

    expect(result.categories).toEqual(['violence', 'drugs']);
  });
});

describe('checkSensitivity', () => {
  it('uses the local classifier without an OpenAI key', async () => {
    await expect(checkSensitivity('The gunman opened fire and killed two people.')).resolves.toEqual({
      isSensitive: true,
      categories: ['violence'],
    });
    await expect(checkSensitivity('   ')).resolves.toEqual({ isSensitive: false, categories: [] });
  });

  it('treats a failing moderation service as not sensitive and reports the failure', async () => {
    const errors: unknown[] = [];
    // A loopback port that was just freed: connections to it are refused.
    const server = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));

    const result = await checkSensitivity('The gunman opened fire and killed two people.', {
      openai: { apiKey: 'sk-test', baseURL: `http://127.0.0.1:${port}/v1`, timeoutMs: 2_000 },
      onError: (error) => errors.push(error),
    });

    expect(result).toEqual({ isSensitive: false, categories: [] });
    expect(errors).toHaveLength(1);
  });
});

describe('sensitiveContentMessage', () => {
  it('names the categories in words and asks for the professional tone', () => {
    expect(sensitiveContentMessage(['sexual', 'violence', 'profanity'])).toBe(
      'This content may include sensitive material (violence, sexual content and strong language). Only the professional tone is available, and please review the posts carefully before sharing.',
    );
  });

  it('is null when nothing was flagged', () => {
    expect(sensitiveContentMessage([])).toBeNull();
  });
});

describe('validateContentForCheck', () => {
  it('passes safe content through', () => {
    expect(validateContentForCheck('A normal post about gardening.')).toBe('A normal post about gardening.');
  });

  it.each([
    ['empty', '', 'Content cannot be empty'],
    ['too long', 'x'.repeat(10_001), 'Content too long (max 10,000 characters)'],
    ['script', 'Nice <script>alert(1)</script>', 'Content contains potentially unsafe elements'],
  ])('rejects %s content with a 400', (_, content, message) => {
    const thrown = (() => {
      try {
        validateContentForCheck(content);
      } catch (error) {
        return error;
      }
    })();

    expect(thrown).toBeInstanceOf(ValidationError);
    expect(thrown).toMatchObject({ status: 400, message });
  });
});
