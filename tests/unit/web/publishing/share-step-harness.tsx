import { useState } from 'react';
import { vi } from 'vitest';
import type { ConnectionView } from '#shared/schemas/publishing';
import type { Platform, Thread } from '#shared/schemas/thread';
import { ShareStep } from '#web/features/publishing/components/share-step';
import { LOCAL_RUNTIME_CONFIG } from '../test-utils';

/** The share step as the create page holds it: the chosen platforms kept in state, nothing else. */
export function ShareStepHarness({
  thread,
  onTargetSelected,
  onPublished = () => undefined,
}: {
  thread: Thread;
  onTargetSelected?: (platform: Platform, targetId: string) => void;
  onPublished?: () => void;
}) {
  const [selected, setSelected] = useState<Platform[]>([]);
  return (
    <ShareStep
      thread={thread}
      selected={selected}
      onSelectedChange={setSelected}
      onTargetSelected={onTargetSelected}
      onBack={() => undefined}
      onPublished={onPublished}
    />
  );
}

/** A connected account as GET /api/connections lists it. */
export const connectedAccount = (platform: Platform, connectionData: Record<string, unknown> = {}): ConnectionView => ({
  platform,
  accountId: 'account-1',
  name: 'Account one',
  isConnected: true,
  platformUsername: `@${platform}-user`,
  connectionData,
  updatedAt: '2026-11-23T00:00:00.000Z',
});

/**
 * The API the share step calls, stubbed on `fetch`: the runtime config, `connections` (their
 * platforms the enabled ones), the thread's publishing status, and publish requests, recorded in
 * the answer's `publishRequests`. `answer` is asked first for any other request (none: 404).
 */
export function stubShareStepApi(
  threadId: string,
  connections: readonly ConnectionView[],
  answer: (url: string) => Response | undefined = () => undefined,
) {
  const publishRequests: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
      if (url === '/api/connections') {
        const enabledPlatforms = connections.map((connection) => connection.platform);
        return Response.json({ connections, enabledPlatforms, unavailablePlatforms: [] });
      }
      const answered = answer(url);
      if (answered) return answered;
      const status = Response.json({ threadId, platforms: [] });
      if (url === `/api/threads/${threadId}/publishing`) return status;
      if (url === `/api/threads/${threadId}/publish` && init?.method === 'POST') {
        publishRequests.push(JSON.parse(String(init.body)));
        return status;
      }
      return new Response(null, { status: 404 });
    }),
  );
  return { publishRequests };
}
