import { useSyncExternalStore } from 'react';

/**
 * The team workspace the app acts in (null: the user's personal one). Kept in this browser, so a
 * reload stays in the same workspace; every API call names it (`x-workspace-id`, api-client.ts), and
 * the server checks the user's membership and role there on each request.
 */
const STORAGE_KEY = 'threadsnip.workspace';
const listeners = new Set<() => void>();

function stored(): string | null {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

let current = stored();

export function currentWorkspaceId(): string | null {
  return current;
}

/** Switches the workspace (null: personal); the caller refetches what it shows. */
export function setCurrentWorkspaceId(workspaceId: string | null): void {
  if (workspaceId === current) return;
  current = workspaceId;
  try {
    if (workspaceId) globalThis.localStorage?.setItem(STORAGE_KEY, workspaceId);
    else globalThis.localStorage?.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the choice lasts until the page is reloaded.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current team workspace's id, re-rendering on a switch. */
export function useCurrentWorkspaceId(): string | null {
  return useSyncExternalStore(subscribe, currentWorkspaceId, currentWorkspaceId);
}
