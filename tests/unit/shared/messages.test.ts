import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/messages/account';
import { adminActionFailed, adminActionSucceeded, adminMessages, updateUserRoleFailed } from '#shared/messages/admin';
import { authMessages, passwordResetFailed } from '#shared/messages/auth';
import {
  oauthErrorMessage,
  platformConnected,
  platformConnectionFailed,
  platformMessages,
  updateConnectionFailed,
} from '#shared/messages/connections';
import { creditMessages, paymentSuccessful } from '#shared/messages/credits';
import {
  generationFailed,
  generationMessages,
  hallucinationBannerTitle,
  isServiceBusy,
  retryAttempts,
  serviceBusyHint,
} from '#shared/messages/generation';
import { alreadyPostedTo, failedToPostTo, postedTo } from '#shared/messages/publishing';
import {
  deleteThreadFailed,
  loadThreadFailed,
  loadThreadsFailed,
  saveThreadFailed,
  threadGenerated,
  threadMessages,
} from '#shared/messages/threads';

// A copy of the product spec (shared/spec.md beside the repository), whose texts the catalogue copies.
const specPath = fileURLToPath(new URL('../../fixtures/spec.md', import.meta.url));

function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}

// The groups that copy the spec's texts; the others word the API's refusals (apiErrorMessages, which
// reuses spec texts where the spec has one) and features the spec does not have.
const specGroups = [
  authMessages,
  creditMessages,
  generationMessages,
  threadMessages,
  platformMessages,
  accountMessages,
  adminMessages,
];

// Every module of the catalogue, so a group added later is checked too.
const catalogueDir = fileURLToPath(new URL('../../../shared/messages/', import.meta.url));
const catalogue: Record<string, unknown>[] = await Promise.all(
  readdirSync(catalogueDir).map((file) => import(`../../../shared/messages/${file.replace(/\.ts$/, '')}.ts`)),
);

describe('message catalogue', () => {
  it('copies every fixed text word for word from the spec', () => {
    const spec = readFileSync(specPath, 'utf8');
    const texts = specGroups.flatMap(textsOf);
    expect(texts.length).toBeGreaterThan(100);
    expect(texts.filter((text) => !spec.includes(text))).toEqual([]);
  });

  it('uses straight apostrophes only', () => {
    const groups = catalogue.flatMap((module) => Object.values(module)).filter((value) => typeof value === 'object');
    expect(groups.length).toBeGreaterThan(specGroups.length + 10);
    for (const text of groups.flatMap(textsOf)) expect(text).not.toMatch(/[\u2018\u2019\u201C\u201D]/);
    expect(authMessages.signInSuccess.description).toBe("You've successfully signed in.");
  });

  it('pairs titles and descriptions as the spec does', () => {
    expect(creditMessages.insufficientCredits).toEqual({
      title: 'Insufficient Credits',
      description: "You don't have enough credits to generate a thread. Please purchase more credits.",
    });
    expect(threadMessages.threadDeleted).toEqual({
      title: 'Thread deleted',
      description: 'The thread has been permanently deleted.',
    });
    expect(authMessages.existingAccountSignInFailed.description).toBe(authMessages.signInFailed.description);
  });
});

describe('templated texts', () => {
  it('fills in counts, platforms and messages', () => {
    expect(paymentSuccessful(100)).toEqual({
      title: 'Payment Successful!',
      description: '100 credits have been added to your account.',
    });
    expect(postedTo('Bluesky')).toEqual({ title: 'Posted to Bluesky!' });
    expect(loadThreadsFailed('timeout')).toEqual({ title: 'Error', description: 'Failed to load threads: timeout' });
    expect(deleteThreadFailed('gone').description).toBe('Failed to delete thread: gone');
    expect(loadThreadFailed('404').description).toBe('Failed to load thread: 404');
    expect(saveThreadFailed('conflict').description).toBe('Failed to save thread: conflict');
    expect(updateConnectionFailed('expired').description).toBe('Failed to update connection: expired');
    expect(updateUserRoleFailed('denied').description).toBe('Failed to update user role: denied');
    expect(adminActionFailed('busy').description).toBe('Failed to perform action: busy');
    expect(platformConnected('Reddit')).toEqual({ title: 'Reddit Connected!' });
    expect(retryAttempts(2)).toBe('Retry attempts: 2/3');
  });

  it('falls back to the generic text when no message is given', () => {
    expect(passwordResetFailed('Rate limit exceeded').description).toBe('Rate limit exceeded');
    expect(passwordResetFailed(undefined)).toEqual({
      title: 'Password reset failed',
      description: 'An error occurred while sending the reset email',
    });
    expect(platformConnectionFailed('Discord', null)).toEqual({
      title: 'Discord Connection Failed',
      description: 'An error occurred during the connection process.',
    });
    expect(platformConnectionFailed('Discord', 'access_denied').description).toBe('access_denied');
    expect(failedToPostTo('Mastodon', '')).toEqual({
      title: 'Failed to post to Mastodon',
      description: 'Unknown error occurred',
    });
    expect(adminActionSucceeded()).toEqual({ title: 'Success', description: 'Action completed successfully.' });
    expect(adminActionSucceeded('Cache cleared').description).toBe('Cache cleared');
    expect(generationFailed('Article not found')).toEqual({
      title: 'Generation Failed',
      description: 'Article not found',
    });
    expect(generationFailed(null).description).toBe(
      'An unexpected error occurred while processing your URL. Please try again.',
    );
  });

  it('shows the credits left after a generation', () => {
    expect(threadGenerated(4)).toEqual({ title: 'Thread Generated', description: 'You have 4 credits remaining.' });
    expect(threadGenerated(1).description).toBe('You have 1 credit remaining.');
  });
});

describe('generation helpers', () => {
  it.each([
    'Edge Function returned a non-2xx status code',
    'The model is temporarily unavailable',
    'Upstream overloaded',
    'Service Unavailable',
    'HTTP 503',
    'Bad gateway (502)',
    'status 504',
  ])('treats "%s" as a busy service', (message) => {
    expect(isServiceBusy(message)).toBe(true);
  });

  it('treats other failures as failures, unless marked retryable', () => {
    expect(isServiceBusy('Could not extract the article')).toBe(false);
    expect(isServiceBusy(undefined)).toBe(false);
    expect(isServiceBusy('Could not extract the article', true)).toBe(true);
  });

  it('tells the user to retry now for the first two retries, then to wait', () => {
    expect(serviceBusyHint(0)).toBe('You can try again in a moment');
    expect(serviceBusyHint(1)).toBe('You can try again in a moment');
    expect(serviceBusyHint(2)).toBe('Please wait a few minutes before retrying.');
  });

  it('titles the hallucination banner by risk and hides it for low risk', () => {
    expect(hallucinationBannerTitle('medium')).toBe('Possible Added Content');
    expect(hallucinationBannerTitle('high')).toBe('High Risk of Added Content');
    expect(hallucinationBannerTitle('low')).toBeNull();
  });
});

describe('OAuth errors in plain words', () => {
  it.each([
    ['access_denied', 'You cancelled the connection on Twitter/X. Nothing was connected.'],
    [
      'invalid_scope',
      'Twitter/X would not grant the permissions ThreadSnip needs to post. Nothing was connected. Please try again.',
    ],
    [
      'invalid_request',
      "Twitter/X could not read ThreadSnip's connection request. Nothing was connected. Please try again.",
    ],
    [
      'unauthorized_client',
      "Twitter/X does not allow ThreadSnip's app to connect right now. Nothing was connected. Please contact support.",
    ],
    ['server_error', 'Twitter/X ran into a problem on its side. Nothing was connected. Please try again.'],
    [
      'temporarily_unavailable',
      'Twitter/X is busy or down for a moment. Nothing was connected. Please try again in a few minutes.',
    ],
  ])('%s → its sentence', (code, sentence) => {
    expect(oauthErrorMessage('Twitter/X', code, 'Permissions error')).toBe(sentence);
  });

  it('names the platform and covers every code', () => {
    const codes = ['access_denied', 'invalid_scope', 'invalid_request', 'unauthorized_client', 'server_error'];
    for (const code of [...codes, 'temporarily_unavailable'])
      expect(oauthErrorMessage('Reddit', code)).toMatch(/^(You .* on )?Reddit\b/);
  });

  it("falls back to the provider's description, then the generic failure, for other codes", () => {
    expect(oauthErrorMessage('Discord', 'consent_required', 'The user must consent')).toBe('The user must consent');
    expect(oauthErrorMessage('Discord', 'consent_required')).toBe('An error occurred during the connection process.');
  });
});

describe('publishing again', () => {
  it('asks with the platform and the date', () => {
    expect(alreadyPostedTo('Bluesky', 'Nov 23, 2026')).toBe(
      'Already posted to Bluesky on Nov 23, 2026. Post it again?',
    );
  });
});
