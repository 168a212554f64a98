const COOKIE_NAME = 'threadsnip_returning_user';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Marks this browser as a returning user for 365 days (SameSite Lax; Secure on https). */
export function setReturningUserCookie(doc: Document = document): void {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${COOKIE_NAME}=1; Max-Age=${MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

/** Whether this browser has signed in before. */
export function isReturningUser(doc: Document = document): boolean {
  return doc.cookie.split(';').some((part) => part.trim().startsWith(`${COOKIE_NAME}=`));
}

/** Removes the returning-user cookie (privacy settings). */
export function clearReturningUserCookie(doc: Document = document): void {
  doc.cookie = `${COOKIE_NAME}=; Max-Age=0; Path=/; SameSite=Lax`;
}
