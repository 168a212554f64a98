import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from './layout/footer';
import { Header } from './layout/header';
import { PageStatus } from './layout/page-status';
import { ScrollToTop, SignOutRedirect } from './layout/route-effects';

/** Header, the current page (loaded lazily) and footer, plus the route-wide effects. */
export function RootLayout() {
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToTop />
      <SignOutRedirect />
      <Header />
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<PageStatus />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
