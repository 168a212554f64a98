import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeFeedBody, encodingOfLabel } from '#functions/services/feeds/feed/decode-body';
import { parseFeedDocument } from '#functions/services/feeds/feed/parse-feed';

const bytes = (name: string) => new Uint8Array(readFileSync(new URL(`../../fixtures/feeds/${name}`, import.meta.url)));
const titleOf = (body: string) => parseFeedDocument(body, 'https://noticias.example/rss').entries[0]?.title;
const EXPECTED = 'Mãe de utente é a nova presidente';

describe('decoding a feed body', () => {
  it('reads ISO-8859-1 declared in the XML prolog (as windows-1252)', () => {
    const body = decodeFeedBody(bytes('latin1-prolog.xml'), 'application/rss+xml');
    expect(titleOf(body)).toBe(EXPECTED);
    expect(parseFeedDocument(body, 'https://noticias.example/rss').title).toBe('Notícias do Porto');
  });

  it('reads ISO-8859-1 named only by the Content-Type charset', () => {
    expect(titleOf(decodeFeedBody(bytes('latin1-no-declaration.xml'), 'text/xml; charset="ISO-8859-1"'))).toBe(
      EXPECTED,
    );
    // Without the header the same bytes are not UTF-8: read as UTF-8 they show replacement characters.
    expect(titleOf(decodeFeedBody(bytes('latin1-no-declaration.xml'), 'text/xml'))).toContain('\ufffd');
  });

  it('lets a byte order mark win over the header and the declaration (UTF-16)', () => {
    const body = decodeFeedBody(bytes('utf16-bom.xml'), 'application/rss+xml; charset=iso-8859-1');
    expect(body.startsWith('<?xml')).toBe(true);
    expect(titleOf(body)).toBe(EXPECTED);
  });

  it('lets the header charset win over the XML declaration, and passes over a label it does not know', () => {
    const utf8 = new TextEncoder().encode(
      '<?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><title>é</title></channel></rss>',
    );
    expect(decodeFeedBody(utf8, 'application/xml; charset=utf-8')).toContain('<title>é</title>');
    expect(decodeFeedBody(bytes('latin1-prolog.xml'), 'text/xml; charset=no-such-thing')).toContain('Notícias');
    const unknownDeclared = new TextEncoder().encode('<?xml version="1.0" encoding="x-martian"?><rss>é</rss>');
    expect(decodeFeedBody(unknownDeclared, null)).toContain('<rss>é</rss>');
  });

  it('reads JSON as UTF-8, or as the UTF-16 its zero bytes show', () => {
    const json = '{"version":"1.1","title":"Ação"}';
    expect(decodeFeedBody(new TextEncoder().encode(json), 'application/feed+json')).toBe(json);
    const utf16le = new Uint8Array(Buffer.from(json, 'utf16le'));
    expect(decodeFeedBody(utf16le, 'application/feed+json')).toBe(json);
  });

  it('knows the WHATWG labels', () => {
    expect(encodingOfLabel('latin1')).toBe('windows-1252');
    expect(encodingOfLabel(' ISO-8859-1 ')).toBe('windows-1252');
    expect(encodingOfLabel('Shift_JIS')).toBe('shift_jis');
    expect(encodingOfLabel('klingon')).toBeNull();
  });
});
