import { describe, expect, it } from 'vitest';
import { detectArticleLanguage } from '#functions/services/extraction/page/article-language';
import { extractArticle } from '#functions/services/extraction/page/extract-article';

const KOREAN =
  '서울시는 내년부터 대중교통 요금을 단계적으로 인상하겠다고 밝혔다. 시는 지하철과 버스 운영 적자가 누적되면서 요금 조정이 불가피하다고 설명했다. 시민단체는 물가 상승 속에서 서민 부담이 커질 것이라며 반발하고 있다.';
const PORTUGUESE =
  'O governo anunciou nesta terça-feira um novo pacote de medidas para a economia, com cortes de impostos e investimentos em infraestrutura. Segundo o ministro, as medidas devem gerar milhares de empregos até o fim do ano.';
const ENGLISH =
  'The city council voted on Tuesday to turn the old ferry into a floating library, ending a decade of debate about what to do with the vessel. Residents will be able to borrow books from next spring.';
const CATALAN =
  "L'Ajuntament de Barcelona ha aprovat aquest dimarts un nou pla de mobilitat que preveu ampliar els carrils bici i reduir el trànsit al centre de la ciutat durant els propers anys.";

describe('detectArticleLanguage', () => {
  it('trusts the text when the page declares English over Korean text', () => {
    expect(detectArticleLanguage({ htmlLang: 'en' }, KOREAN)).toBe('ko');
  });

  it('keeps the declared language as its primary tag when the text agrees', () => {
    expect(detectArticleLanguage({ htmlLang: 'pt-BR' }, PORTUGUESE)).toBe('pt');
    expect(detectArticleLanguage({ htmlLang: 'en_GB' }, ENGLISH)).toBe('en');
  });

  it('reads Content-Language, then og:locale, when <html lang> is missing', () => {
    expect(detectArticleLanguage({ contentLanguage: 'pt-PT, en' }, 'Curto demais.')).toBe('pt');
    expect(detectArticleLanguage({ metaLanguage: 'ko_KR' }, 'Too short.')).toBe('ko');
  });

  it('detects the language from the text when the page declares none', () => {
    expect(detectArticleLanguage({}, PORTUGUESE)).toBe('pt');
    expect(detectArticleLanguage({}, KOREAN)).toBe('ko');
  });

  it('trusts the text over a declared language that scores far behind', () => {
    expect(detectArticleLanguage({ htmlLang: 'de' }, PORTUGUESE)).toBe('pt');
  });

  it('trusts the text over a declared language of the same script that is no close neighbour', () => {
    const german =
      'Hamburg baut in diesem Jahr 40 neue Windräder im Hafen, teilte der Senat am Dienstag mit. Die Energiewende in der Stadt kommt damit schneller voran als geplant.';
    expect(detectArticleLanguage({ htmlLang: 'en' }, german)).toBe('de');
  });

  it('keeps the declared one of two close neighbours the text could be either of', () => {
    // franc reads it as Portuguese, Spanish a close second: a Spanish page's word is kept.
    expect(detectArticleLanguage({ htmlLang: 'es' }, PORTUGUESE)).toBe('es');
  });

  it('keeps a declared language the detector does not know when the script fits', () => {
    expect(detectArticleLanguage({ htmlLang: 'ca' }, CATALAN)).toBe('ca');
  });

  it('gives null when nothing is declared and the text is too short', () => {
    expect(detectArticleLanguage({ htmlLang: 'x-default' }, 'Hi.')).toBeNull();
  });
});

describe('extractArticle language', () => {
  const page = (lang: string, text: string) =>
    `<html lang="${lang}"><head><title>기사</title></head><body><article><h1>기사</h1><p>${text}</p><p>${text}</p></article></body></html>`;

  it('stores the text language over a wrong <html lang>', () => {
    const article = extractArticle(page('en', KOREAN), 'https://news.example/a', new Date('2024-01-01T00:00:00Z'));
    expect(article.language).toBe('ko');
  });

  it('reads the Content-Language header when the page declares nothing', () => {
    const html = page('', PORTUGUESE).replace(' lang=""', '');
    const article = extractArticle(html, 'https://news.example/b', new Date('2024-01-01T00:00:00Z'), {
      headers: new Headers({ 'content-language': 'pt-BR' }),
    });
    expect(article.language).toBe('pt');
  });
});
