// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Platform } from '../../../../shared/schemas/thread';
import { ShareStep } from '../../../../web/src/features/publishing/components/share-step';
import { seededThread } from '../../../helpers/seed-threads';
import { LOCAL_RUNTIME_CONFIG, renderRoutes, signedInAuth } from '../test-utils';

vi.mock('../../../../web/src/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

let discordData: Record<string, unknown>;
const onTargetSelected = vi.fn();

beforeEach(() => {
  onTargetSelected.mockReset();
  discordData = { channels: [{ guild: { id: 'g1', name: 'Readers' }, channels: [{ id: 'c1', name: 'news' }] }] };
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
      const connection = () => ({
        platform: 'discord',
        isConnected: true,
        platformUsername: 'ada',
        connectionData: discordData,
        updatedAt: '2026-11-23T00:00:00.000Z',
      });
      if (url === '/api/connections') {
        return Response.json({ connections: [connection()], enabledPlatforms: ['discord'], unavailablePlatforms: [] });
      }
      if (url === '/api/connections/discord/target' && init?.method === 'PUT') {
        discordData = { ...discordData, selectedChannelId: JSON.parse(String(init.body)).targetId };
        return Response.json(connection());
      }
      return new Response(null, { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Harness() {
  const [selected, setSelected] = useState<Platform[]>([]);
  return (
    <ShareStep
      thread={seededThread('user-1', 1)}
      selected={selected}
      onSelectedChange={setSelected}
      onTargetSelected={onTargetSelected}
      onBack={() => undefined}
      onPublished={() => undefined}
    />
  );
}

describe('the /create share step', () => {
  it('enables Continue to Publishing only once a chosen Discord has a channel, and reports the channel', async () => {
    renderRoutes([{ path: '/create', element: <Harness /> }], {
      auth: signedInAuth(),
      initialEntries: ['/create?step=share'],
    });
    const continueButton = () => screen.getByRole('button', { name: 'Continue to Publishing' }) as HTMLButtonElement;
    await userEvent.click(await screen.findByRole('checkbox', { name: /Discord/ }));
    expect(continueButton().disabled).toBe(true);
    await userEvent.selectOptions(screen.getByLabelText('Discord channel'), 'c1');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    expect(onTargetSelected).toHaveBeenCalledWith('discord', 'c1');
  });
});
