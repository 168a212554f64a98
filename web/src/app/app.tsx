import { BrowserRouter, useRoutes } from 'react-router-dom';
import { AppProvider } from './provider';
import { routes } from './router';

function Routes() {
  return useRoutes(routes);
}

/**
 * The whole SPA: providers around the router. The declarative BrowserRouter, not a data router: no
 * route loads data through the router, and the data router's code would add about 15 kB (gzipped)
 * to every page's first load.
 */
export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <Routes />
      </BrowserRouter>
    </AppProvider>
  );
}
