import { describe, expect, it } from 'vitest';
import { extractThemes, themeHashtag } from '#functions/services/text/themes';
import { fixtureArticle, syntheticArticle } from './synthetic-articles';

describe('extractThemes', () => {
  it('finds the subject of an article, title words first, as lower-case hashtag-ready phrases', () => {
    const article = fixtureArticle('heat-pump-retrofit');

    const themes = extractThemes(article.content, { title: article.title });

    expect(themes[0]).toBe('heat pump');
    expect(themes).toContain('vellmar bay');
    expect(themes.length).toBeLessThanOrEqual(5);
    for (const theme of themes) expect(theme).toMatch(/^[\p{Ll}\p{N}]+( [\p{Ll}\p{N}]+)*$/u);
  });

  it('leaves out stop words, generic nouns and repeats', () => {
    const text =
      'The thing is that people said many things. The glacier melted fast this year. ' +
      'Glaciers in the Alps lost ice. The glacier retreat worried scientists. Glacier retreat is speeding up.';

    const themes = extractThemes(text);

    expect(themes).toContain('glacier retreat');
    expect(themes).not.toContain('glacier');
    for (const generic of ['thing', 'people', 'year', 'the']) expect(themes).not.toContain(generic);
    expect(new Set(themes).size).toBe(themes.length);
  });

  it('keeps short proper nouns but never a lone letter such as the unit of 15°C', () => {
    const text =
      'The EU heat plan names the roof. Roofs reached 48°C at noon and 31°C at dusk. ' +
      'The EU wants cooler roofs; white roofs stayed at 15°C. Pavements hit 52°C.';

    const themes = extractThemes(text);

    expect(themes).toContain('eu');
    expect(themes).not.toContain('c');
    for (const theme of themes) expect(theme.length).toBeGreaterThan(1);
  });

  it('returns at most the requested number, and nothing for empty text', () => {
    expect(extractThemes(syntheticArticle(5, 3000).content, { max: 3 })).toHaveLength(3);
    expect(extractThemes('   ')).toEqual([]);
  });
});

describe('themeHashtag', () => {
  it('makes single words lower-case tags and phrases PascalCase tags', () => {
    expect(themeHashtag('energy')).toBe('#energy');
    expect(themeHashtag('heat pump')).toBe('#HeatPump');
    expect(themeHashtag('covid 19')).toBe('#Covid19');
    expect(themeHashtag('2024')).toBeNull();
  });
});
