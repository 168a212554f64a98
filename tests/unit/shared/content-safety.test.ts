import { describe, expect, it } from 'vitest';
import { CONTENT_MAX_CHARS, contentSafetyError } from '#shared/content-safety';

const UNSAFE = 'Content contains potentially unsafe elements';

describe('contentSafetyError: empty and length', () => {
  it('refuses empty and whitespace-only content', () => {
    expect(contentSafetyError('')).toBe('Content cannot be empty');
    expect(contentSafetyError('   \n\t ')).toBe('Content cannot be empty');
  });

  it('accepts exactly 10,000 characters and refuses 10,001', () => {
    expect(CONTENT_MAX_CHARS).toBe(10_000);
    expect(contentSafetyError('a'.repeat(10_000))).toBeNull();
    expect(contentSafetyError('a'.repeat(10_001))).toBe('Content too long (max 10,000 characters)');
  });

  it('reports length before markup, so a huge payload is not scanned', () => {
    expect(contentSafetyError(`<script>${'a'.repeat(10_000)}`)).toBe('Content too long (max 10,000 characters)');
  });
});

describe('contentSafetyError: unsafe markup and URLs', () => {
  it.each([
    ['script', '<script>alert(1)</script>'],
    ['script closing tag only', 'text </script> text'],
    ['script with attributes', '<script src="https://evil.example/x.js"></script>'],
    ['script, self-closing slash', '<script/src=//evil.example>'],
    ['iframe', '<iframe src="https://evil.example"></iframe>'],
    ['object', '<object data="x.swf"></object>'],
    ['embed', '<embed src="x.swf">'],
    ['link', '<link rel="stylesheet" href="https://evil.example/x.css">'],
    ['meta', '<meta http-equiv="refresh" content="0;url=https://evil.example">'],
    ['javascript: URL', 'javascript:alert(document.cookie)'],
    ['javascript: in a link', 'Read [this](javascript:alert(1)) now'],
    ['vbscript: URL', 'vbscript:msgbox("hi")'],
    ['html data URI', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['xhtml data URI', 'data:application/xhtml+xml,<x/>'],
    ['inline event handler', '<img src=x onerror=alert(1)>'],
  ])('flags %s', (_, content) => {
    expect(contentSafetyError(content)).toBe(UNSAFE);
  });

  it('finds unsafe markup in the middle of ordinary text', () => {
    expect(contentSafetyError(`A fine post about gardening.\n\n<iframe src=x>\n\nMore text.`)).toBe(UNSAFE);
  });
});

describe('contentSafetyError: disguises an attacker would try', () => {
  it.each([
    ['upper and mixed case', '<ScRiPt>alert(1)</sCrIpT>'],
    ['whitespace after <', '< script>alert(1)'],
    ['tab entity inside the scheme', 'java&#x09;script:alert(1)'],
    ['tab entity in an href', '<a href="java&#x09;script:alert(1)">x</a>'],
    ['raw tab and newline inside the scheme', 'java\tscr\nipt:alert(1)'],
    ['space before the code in an attribute', '<a href="javascript: alert(1)">x</a>'],
    ['unquoted attribute', '<a href=javascript:alert(1)>x</a>'],
    ['decimal entity', '&#106;avascript:alert(1)'],
    ['padded decimal entities without semicolons', '&#0000106&#0000097vascript:alert(1)'],
    ['hex entity for the colon', 'javascript&#x3A;alert(1)'],
    ['named colon entity', 'javascript&colon;alert(1)'],
    ['encoded angle brackets', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['legacy entity without semicolon', '&ltscript&gt;alert(1)'],
    ['double-encoded', '&amp;lt;iframe src=x&amp;gt;'],
    ['percent-encoded', '%3Cscript%3Ealert(1)%3C/script%3E'],
    ['JavaScript unicode escapes', '\\u003cscript\\u003ealert(1)'],
    ['hex escapes', '\\x3ciframe src=x\\x3e'],
    ['full-width letters', 'ｊａｖａｓｃｒｉｐｔ：alert(1)'],
    ['full-width brackets', '＜script＞alert(1)'],
    ['zero-width space inside the word', 'jav\u200Bascript:alert(1)'],
    ['soft hyphen inside the tag name', '<scr\u00ADipt>alert(1)'],
    ['null byte inside the scheme', 'java\u0000script:alert(1)'],
    ['spaced data URI', 'DATA: text/html,<b>hi</b>'],
    ['entity-encoded data URI', 'data&colon;text/html,x'],
    ['svg data URI', 'data:image/svg+xml,<svg onload=alert(1)>'],
    ['vbscript with an entity', 'vb&#115;cript:msgbox(1)'],
    ['prose spelling plus a disguised one', 'JavaScript: the good parts. &#106;avascript:alert(1)'],
  ])('flags %s', (_, content) => {
    expect(contentSafetyError(content)).toBe(UNSAFE);
  });
});

describe('contentSafetyError: ordinary prose is accepted', () => {
  it.each([
    'The object of the game is to embed yourself in the team.',
    'Meta announced a new model; the link is in the article.',
    'The script for the film was written in 1999.',
    'Click the link below to read the full story.',
    'An iframe is an old HTML element, as any web developer knows.',
    'JavaScript: The Good Parts is still worth reading.',
    'Why learn JavaScript:\n\nIt runs everywhere.',
    'He wrote "Java script: a primer" decades ago.',
    'Data: the new oil, or so the consultants say.',
    'If a < b and c > d then the inequality holds.',
    'AT&T and R&D budgets, plus a Q&A session & more.',
    'Prices rose 5% in Q3 and 3%-4% in Q4.',
    'See https://example.com/page?x=1&y=2#section for details.',
    'Read the metadata and the scripts <scripts> folder.',
    'Launch day 🚀 and 日本語 text are fine.',
  ])('accepts: %s', (content) => {
    expect(contentSafetyError(content)).toBeNull();
  });

  it('accepts a long article-sized text of ordinary words', () => {
    const paragraph = 'City council approved the new budget, which links transit funding to housing targets. ';
    expect(contentSafetyError(paragraph.repeat(100).slice(0, CONTENT_MAX_CHARS))).toBeNull();
  });
});
