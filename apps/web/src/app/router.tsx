import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { ROUTES } from '@/lib/routes';
import { RootLayout } from './root-layout';
import { ROUTE_TABLE } from './route-table';

/** The app's routes: the shell (RootLayout) around every screen of the route table. */
const APP_ROUTES: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...ROUTE_TABLE.map((route) => ({ path: route.path, element: route.element })),
      // Not in the spec: an unknown address goes to the start, where the guard takes over.
      { path: '*', element: <Navigate to={ROUTES.root} replace /> },
    ],
  },
];

/**
 * The screen of the current address, inside a router: BrowserRouter in the app and in tests,
 * StaticRouter in the build's prerender. React Router's declarative mode: its data router (loaders,
 * actions, fetchers, which the app does not use) is 17 kB gzipped more on every page (issue 10).
 */
export function AppRoutes() {
  return useRoutes(APP_ROUTES);
}
