import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { LoadingState } from '#web/components/ui/loading-state';
import { Footer } from './layout/footer';
import { Header } from './layout/header';
import { ScrollToTop, SignOutRedirect } from './layout/route-effects';
import { RouteErrorBoundary } from './route-error-boundary';

/** Header, the current page (loaded lazily, RouteErrorPage if it fails) and footer, plus the route-wide effects. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToTop />
      <SignOutRedirect />
      <Header />
      <main id="main" className="app-main" tabIndex={-1}>
        <RouteErrorBoundary pathname={pathname}>
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
