import { describe, expect, it } from 'vitest';
import { readLocalConfig } from '#local/config';

describe('the local stack configuration', () => {
  it.each([
    [[], 'prod'],
    [['--prod'], 'prod'],
    [['--dev'], 'dev'],
    [['--api-only'], 'none'],
  ])('serves the SPA for argv %j as %s (npm start: the production build; npm run dev: the dev server)', (argv, web) => {
    expect(readLocalConfig({}, argv).web).toBe(web);
  });
});
