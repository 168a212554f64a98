/** The attribution post that closes every thread (spec §1). */
export function attributionText(appHost: string, articleUrl: string): string {
  return `Thread created by ${appHost}. Read original article at: ${articleUrl}`;
}

/** True when a post is the attribution post for this host (any article URL). */
export function isAttributionText(appHost: string, text: string): boolean {
  return text.startsWith(`Thread created by ${appHost}. Read original article at: `);
}
