import { Navigate, type DataRouter, type RouteObject } from 'react-router';
import { ROUTES } from '@/lib/routes';
import { keepAppRouter } from './current-path';
import { RootLayout } from './root-layout';
import { ROUTE_TABLE } from './route-table';

/** The route objects for createBrowserRouter (and createMemoryRouter in tests). */
export const buildRoutes = (): RouteObject[] => [
  {
    element: <RootLayout />,
    children: [
      ...ROUTE_TABLE.map((route) => ({ path: route.path, element: route.element })),
      // Not in the spec: an unknown address goes to the start, where the guard takes over.
      { path: '*', element: <Navigate to={ROUTES.root} replace /> },
    ],
  },
];

/** Creates the app's router on its routes (a browser router; a memory router in tests) and keeps it (current-path.ts). */
export const createAppRouter = <R extends DataRouter>(create: (routes: RouteObject[]) => R): R => keepAppRouter(create(buildRoutes()));
