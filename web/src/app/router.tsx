import { Navigate, type RouteObject } from 'react-router-dom';
import { lazyNamed } from '#web/lib/lazy-named';
import { paths } from '../config/paths';
import { RequireAuth } from './guards';
import { RootLayout } from './root-layout';
import { NotFoundPage } from './routes/not-found-page';

// Every page, and any layout or guard that fetches data, is loaded lazily: the entry chunk holds only
// the shell (header, footer, auth state), so the landing page's first load stays under 110 kB gzipped
// (`npm run bench:web` checks every route). A page imported statically here would move its code, and
// its libraries (zod, the API client, react-query's hooks), into every page's first load.
const LandingPage = lazyNamed(() => import('../features/marketing/routes/landing-page'), 'LandingPage');
const AboutPage = lazyNamed(() => import('../features/marketing/routes/about-page'), 'AboutPage');
const PrivacyPage = lazyNamed(() => import('../features/marketing/routes/privacy-page'), 'PrivacyPage');
const TermsPage = lazyNamed(() => import('../features/marketing/routes/terms-page'), 'TermsPage');
const AuthPage = lazyNamed(() => import('../features/auth/routes/auth-page'), 'AuthPage');
const CreatePage = lazyNamed(() => import('./routes/create-page'), 'CreatePage');
const HistoryPage = lazyNamed(() => import('./routes/history-page'), 'HistoryPage');
const ThreadPage = lazyNamed(() => import('./routes/thread-page'), 'ThreadPage');
const InboxPage = lazyNamed(() => import('./routes/inbox-page'), 'InboxPage');
const ScheduledPage = lazyNamed(() => import('../features/scheduling/routes/scheduled-page'), 'ScheduledPage');
// Its own chunk, which alone carries the chart library.
const InsightsPage = lazyNamed(() => import('../features/insights/routes/insights-page'), 'InsightsPage');
const ShareTargetPage = lazyNamed(() => import('../features/create/routes/share-target-page'), 'ShareTargetPage');
const ManualSharePage = lazyNamed(() => import('../features/threads/routes/manual-share-page'), 'ManualSharePage');
const CreditsPage = lazyNamed(() => import('../features/credits/routes/credits-page'), 'CreditsPage');
const AccountSettingsPage = lazyNamed(() => import('./routes/account-settings-page'), 'AccountSettingsPage');
const ApiReferencePage = lazyNamed(
  () => import('../features/developers/routes/api-reference-page'),
  'ApiReferencePage',
);
const TeamWorkspacePage = lazyNamed(() => import('./routes/team-workspace-page'), 'TeamWorkspacePage');
const ClientReviewPage = lazyNamed(() => import('../features/review/routes/client-review-page'), 'ClientReviewPage');
const JoinPage = lazyNamed(() => import('../features/workspaces/routes/join-page'), 'JoinPage');
const RequireAdmin = lazyNamed(() => import('./require-admin'), 'RequireAdmin');
const AdminLayout = lazyNamed(() => import('./layout/admin-layout'), 'AdminLayout');
const AdminDashboardPage = lazyNamed(
  () => import('../features/admin/routes/admin-dashboard-page'),
  'AdminDashboardPage',
);
const AdminUsersPage = lazyNamed(() => import('../features/admin/routes/admin-users-page'), 'AdminUsersPage');
const AdminWorkspacesPage = lazyNamed(
  () => import('../features/admin/routes/admin-workspaces-page'),
  'AdminWorkspacesPage',
);
const AdminThreadsPage = lazyNamed(() => import('../features/admin/routes/admin-threads-page'), 'AdminThreadsPage');
const AdminThreadPage = lazyNamed(() => import('../features/admin/routes/admin-thread-page'), 'AdminThreadPage');
const AdminTransactionsPage = lazyNamed(
  () => import('../features/admin/routes/admin-transactions-page'),
  'AdminTransactionsPage',
);
const AdminOrdersPage = lazyNamed(() => import('../features/admin/routes/admin-orders-page'), 'AdminOrdersPage');
const AdminSettingsPage = lazyNamed(() => import('../features/admin/routes/admin-settings-page'), 'AdminSettingsPage');
const AdminSecurityPage = lazyNamed(() => import('../features/admin/routes/admin-security-page'), 'AdminSecurityPage');

/**
 * The local stack's test checkout, where Buy leads without Stripe keys. The cloud build compiles
 * `LOCAL_TEST_CHECKOUT` to false, which drops this route, its path and the page's chunk.
 */
function testCheckoutRoutes(): RouteObject[] {
  if (!import.meta.env.LOCAL_TEST_CHECKOUT) return [];
  const TestCheckoutPage = lazyNamed(() => import('../features/credits/routes/test-checkout-page'), 'TestCheckoutPage');
  return [{ path: '/credits/test-checkout', element: <TestCheckoutPage /> }];
}

/** The route table: public pages, signed-in pages behind RequireAuth, admin pages behind RequireAdmin. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home.path, element: <LandingPage /> },
      { path: paths.about.path, element: <AboutPage /> },
      { path: paths.privacy.path, element: <PrivacyPage /> },
      { path: paths.terms.path, element: <TermsPage /> },
      { path: paths.auth.path, element: <AuthPage /> },
      { path: paths.create.path, element: <CreatePage /> },
      { path: paths.share.path, element: <ShareTargetPage /> },
      { path: paths.credits.path, element: <CreditsPage /> },
      { path: paths.clientReview.path, element: <ClientReviewPage /> },
      ...testCheckoutRoutes(),
      { path: paths.accountSettings.path, element: <AccountSettingsPage /> },
      { path: paths.apiReference.path, element: <ApiReferencePage /> },
      { path: paths.account.path, element: <Navigate to={paths.accountSettings.getHref()} replace /> },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.history.path, element: <HistoryPage /> },
          { path: paths.scheduled.path, element: <ScheduledPage /> },
          { path: paths.insights.path, element: <InsightsPage /> },
          { path: paths.inbox.path, element: <InboxPage /> },
          { path: paths.thread.path, element: <ThreadPage /> },
          { path: paths.manualShare.path, element: <ManualSharePage /> },
          { path: paths.workspace.path, element: <TeamWorkspacePage /> },
          { path: paths.join.path, element: <JoinPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <RequireAdmin />,
            children: [
              {
                element: <AdminLayout />,
                children: [
                  { path: paths.admin.dashboard.path, element: <AdminDashboardPage /> },
                  { path: paths.admin.users.path, element: <AdminUsersPage /> },
                  { path: paths.admin.workspaces.path, element: <AdminWorkspacesPage /> },
                  { path: paths.admin.threads.path, element: <AdminThreadsPage /> },
                  { path: paths.admin.thread.path, element: <AdminThreadPage /> },
                  { path: paths.admin.transactions.path, element: <AdminTransactionsPage /> },
                  { path: paths.admin.orders.path, element: <AdminOrdersPage /> },
                  { path: paths.admin.settings.path, element: <AdminSettingsPage /> },
                  { path: paths.admin.security.path, element: <AdminSecurityPage /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
