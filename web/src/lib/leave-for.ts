/** Leaves the app for another site's page (an OAuth consent screen); a module of its own so tests can observe it. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
