import type { ApiKeyScope } from '../schemas/api-keys';

/** The API keys section's texts (account settings, the team workspace page) and the API's refusals. */
export const apiKeyMessages = {
  title: 'API keys',
  intro:
    'Keys let your own programs use ThreadSnip through its API at /v1. A key acts as you, in this workspace, with the scopes you choose.',
  referenceLink: 'API reference',
  nameLabel: 'Key name',
  namePlaceholder: 'e.g. Newsroom CMS',
  scopesLabel: 'Scopes',
  scopeLabels: {
    read: 'Read threads',
    'threads:write': 'Write threads',
    publish: 'Publish and schedule',
  } satisfies Record<ApiKeyScope, string>,
  create: 'Create key',
  creating: 'Creating…',
  createdTitle: 'Your new key',
  createdWarning: 'Copy this key now: it is shown only once. Anyone who has it can act as you within its scopes.',
  copy: 'Copy',
  copied: 'Copied',
  done: 'Done',
  empty: 'No API keys yet.',
  prefixLabel: 'Key',
  createdLabel: 'Created',
  lastUsedLabel: 'Last used',
  neverUsed: 'Never',
  revoke: 'Revoke',
  revokeTitle: (name: string) => `Revoke "${name}"?`,
  revokeConfirm:
    'Programs using this key stop working: at once here, and within a minute wherever the cloud has its answer cached. This cannot be undone.',
  keep: 'Keep key',
  revoked: 'Key revoked',
  loadFailed: 'Could not load your API keys.',
  failed: 'Something went wrong',
  /** The API's refusals. */
  invalid: 'Invalid or revoked API key',
  notFound: 'API key not found',
  scopeMissing: (scope: ApiKeyScope) => `This API key lacks the "${scope}" scope this request needs.`,
  inUrl:
    'API keys are never accepted in a URL: send the key in the Authorization header (Bearer). Revoke a key that was sent in a URL.',
  rateLimited: 'Too many requests with this API key. Wait for the time in Retry-After.',
} as const;
