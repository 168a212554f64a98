/** The attribution post that closes every thread: it credits the original author and links the article. */
export function attributionText(appHost: string, articleUrl: string): string {
  return `Thread created by ${appHost}. Read original article at: ${articleUrl}`;
}
