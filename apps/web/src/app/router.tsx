import { matchRoute, type RouteName } from '@puente/domain';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { ROUTES } from '@/lib/routes';
import { RootLayout } from './root-layout';
import { ROUTE_TABLE, type AppRoute } from './route-table';

/** The shell (RootLayout) around the given screens, and an unknown address sent to the start. */
const withShell = (routes: readonly AppRoute[]): RouteObject[] => [
  {
    element: <RootLayout />,
    children: [
      ...routes.map((route) => ({ path: route.path, element: route.element })),
      // Not in the spec: an unknown address goes to the start, where the guard takes over.
      { path: '*', element: <Navigate to={ROUTES.root} replace /> },
    ],
  },
];

/** The app's routes: the shell around every screen of the route table. */
const APP_ROUTES = withShell(ROUTE_TABLE);

/**
 * The same, one route's paths at a time (its path and its aliases). React Router flattens, ranks and
 * compiles every route it is given each time it matches (on every render of AppRoutes): with the
 * whole table, 169 ms of a first load's main thread on a phone's CPU (4x slower, issue 10 TBT).
 * The domain's matcher (the one the route guard and the page titles use) picks the route first.
 */
const ROUTES_BY_NAME = new Map<RouteName, RouteObject[]>();
const routesOf = (name: RouteName): RouteObject[] => {
  let routes = ROUTES_BY_NAME.get(name);
  if (!routes) ROUTES_BY_NAME.set(name, (routes = withShell(ROUTE_TABLE.filter((route) => route.name === name))));
  return routes;
};

/**
 * The screen of the current address, inside a router: BrowserRouter in the app and in tests,
 * StaticRouter in the build's prerender. React Router's declarative mode: its data router (loaders,
 * actions, fetchers, which the app does not use) is 17 kB gzipped more on every page (issue 10).
 * An address the domain does not know (another letter case, say) is matched against every route,
 * as React Router alone would.
 */
export function AppRoutes() {
  const name = matchRoute(useLocation().pathname);
  return useRoutes(name ? routesOf(name) : APP_ROUTES);
}
