// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminStatistics, adminStatisticsSchema } from '#shared/schemas/admin';
import { AdminDashboardPage } from '#web/features/admin/routes/admin-dashboard-page';
import { LOCAL_RUNTIME_CONFIG, renderRoutes, signedInAuth } from '../test-utils';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const BASE: AdminStatistics = {
  totalUsers: 4,
  totalThreads: 9,
  totalTransactions: 2,
  creditsPurchasedTotal: 50,
  recentUsers: [],
  recentTransactions: [],
};

function renderDashboard(statistics: AdminStatistics) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
      if (url === '/api/admin/statistics') return Response.json(adminStatisticsSchema.parse(statistics));
      return new Response(null, { status: 404 });
    }),
  );
  renderRoutes([{ path: '/admin', element: <AdminDashboardPage /> }], {
    auth: signedInAuth(),
    initialEntries: ['/admin'],
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the admin dashboard', () => {
  it('shows the Engagement tile with the threads read back when the statistics count engagement', async () => {
    renderDashboard({ ...BASE, engagement: { total: 12_345, threadsWithReadings: 7 } });
    const label = await screen.findByText('Engagement');
    expect(label.nextElementSibling?.textContent).toBe('12,345 (7 threads)');
  });

  it('shows no Engagement tile when they do not', async () => {
    renderDashboard(BASE);
    expect(await screen.findByText('Total Users')).toBeTruthy();
    expect(screen.queryByText('Engagement')).toBeNull();
  });
});
