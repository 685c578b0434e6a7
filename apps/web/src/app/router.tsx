import { Navigate, type RouteObject } from 'react-router';
import { ROUTES } from '@/lib/routes';
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
