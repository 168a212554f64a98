/** The attribution post that closes every thread (spec §1). */
export function attributionText(appHost: string, articleUrl: string): string {
  return `Thread created by ${appHost}. Read original article at: ${articleUrl}`;
}
