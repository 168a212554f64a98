// A feed's bytes to text, in the order the XML spec (appendix F) and the Encoding standard give:
// a byte order mark, else the HTTP charset, else the XML declaration (or, for JSON, the UTF form its
// first bytes show), else UTF-8. Labels are the WHATWG ones TextDecoder knows (so ISO-8859-1 and
// latin1 read as windows-1252); a label it does not know is passed over.

/** The encoding a label names (WHATWG label set), or null when TextDecoder does not know it. */
export function encodingOfLabel(label: string | null | undefined): string | null {
  if (!label?.trim()) return null;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return null;
  }
}

function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return null;
}

/** The `charset` parameter of a Content-Type header, unquoted. */
function charsetOf(contentType: string | null): string | null {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/**
 * UTF-16 without a mark, told by where the zero bytes of its first ASCII character fall (XML's
 * `<?` per appendix F; a JSON text's first character per RFC 4627).
 */
function utf16ByZeros(bytes: Uint8Array): string | null {
  if (bytes.length < 2) return null;
  if (bytes[0] === 0 && bytes[1] !== 0) return 'utf-16be';
  if (bytes[0] !== 0 && bytes[1] === 0) return 'utf-16le';
  return null;
}

/** The encoding an XML declaration names (read as ASCII), when it names one TextDecoder knows. */
function declaredEncoding(bytes: Uint8Array): string | null {
  const head = new TextDecoder('windows-1252').decode(bytes.subarray(0, 512));
  const declared = /^\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z][A-Za-z0-9._:-]*)["']/.exec(head)?.[1];
  const encoding = encodingOfLabel(declared);
  // A declaration readable as ASCII cannot really be UTF-16 (the Encoding standard reads it as UTF-8).
  return encoding === 'utf-16le' || encoding === 'utf-16be' ? 'utf-8' : encoding;
}

/**
 * Decodes a fetched feed: by its byte order mark, else the Content-Type's charset, else a UTF-16
 * body's zero bytes, else the XML declaration, else as UTF-8. The mark itself is dropped, and bytes
 * that are not valid in the encoding become U+FFFD.
 */
export function decodeFeedBody(bytes: Uint8Array, contentType: string | null): string {
  const encoding =
    bomEncoding(bytes) ??
    encodingOfLabel(charsetOf(contentType)) ??
    utf16ByZeros(bytes) ??
    declaredEncoding(bytes) ??
    'utf-8';
  return new TextDecoder(encoding).decode(bytes);
}
