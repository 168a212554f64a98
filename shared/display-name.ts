import { displayNameMessages } from './messages/account';

const texts = displayNameMessages;

/** Bounds of a display name, in characters (code points) after trimming. */
export const DISPLAY_NAME_MIN_LENGTH = 2;
export const DISPLAY_NAME_MAX_LENGTH = 50;

// Control, format (zero-width, bidi overrides) and line/paragraph separators: nothing invisible.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
// A scheme (`https://`), `www.`, or a host with a top-level part (`example.com`, `x.co/path`).
const WEB_ADDRESS = /[a-z][a-z0-9+.-]*:\/\/|\bwww\.|\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}(?![\p{L}\p{N}])/iu;
// Something@something: an email address, or the local part of one with a domain.
const EMAIL_ADDRESS = /[^\s@]@[^\s@]/u;

/** The name as it is kept: trimmed, with each run of spaces made one. */
export function normaliseDisplayName(raw: string): string {
  return raw.trim().replace(/\s+/gu, ' ');
}

/**
 * Why a display name as typed is refused, or null when it is acceptable: nothing invisible (tabs and
 * line breaks included), and once normalised 2 to 50 characters with no web or email address (a
 * public page must not become a link farm, nor show an email).
 */
export function displayNameProblem(raw: string): string | null {
  if (INVISIBLE.test(raw)) return texts.controlCharacters;
  const name = normaliseDisplayName(raw);
  const length = [...name].length;
  if (length < DISPLAY_NAME_MIN_LENGTH) return texts.tooShort;
  if (length > DISPLAY_NAME_MAX_LENGTH) return texts.tooLong;
  if (WEB_ADDRESS.test(name) || EMAIL_ADDRESS.test(name)) return texts.noAddresses;
  return null;
}
