/** 'http/get-health' → 'HttpGetHealth': a stable construct id for a manifest name. */
export function constructId(name: string): string {
  return name
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/**
 * Handlers that moved into an area folder after they were first deployed, by the manifest name they
 * were deployed under. A Lambda's logical id comes from its construct id: a new one would make
 * CloudFormation replace the function and orphan its retained log group, so a moved handler keeps the
 * id of its first name. Moving another deployed handler adds it here (tests/unit/infra/stacks.test.ts
 * pins every function's logical id and fails otherwise).
 */
const FIRST_DEPLOYED_AS: Readonly<Record<string, string>> = {
  'http/account/get-me': 'http/get-me',
  'http/account/delete-me': 'http/delete-me',
  'http/threads/get-thread': 'http/get-thread',
  'http/threads/get-threads': 'http/get-threads',
  'http/threads/get-newest-thread': 'http/get-newest-thread',
  'http/threads/put-thread': 'http/put-thread',
  'http/threads/delete-thread': 'http/delete-thread',
  'http/generation/post-generation-job': 'http/post-generation-job',
  'http/generation/get-generation-job': 'http/get-generation-job',
  'http/extraction/post-extract-article': 'http/post-extract-article',
  'http/moderation/post-check-content-sensitivity': 'http/post-check-content-sensitivity',
  'http/credits/get-credit-transactions': 'http/get-credit-transactions',
  'http/admin/get-is-admin': 'http/get-is-admin',
  'http/system/get-health': 'http/get-health',
  'http/system/not-found': 'http/not-found',
};

/** The construct id of a manifest handler's Lambda ('http/system/get-health' → 'HttpGetHealthFunction'). */
export function functionConstructId(handler: string): string {
  return `${constructId(FIRST_DEPLOYED_AS[handler] ?? handler)}Function`;
}
