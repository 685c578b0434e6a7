import type { ReactElement } from 'react';
import { MemoryRouter, useLocation, useRoutes, type Location, type RouteObject } from 'react-router';

/** Where a memory router is, as of its last render. */
export interface RoutesProbe {
  readonly state: { readonly location: Location };
}

function ProbedRoutes({ routes, probe }: { routes: RouteObject[]; probe: { location?: Location } }) {
  probe.location = useLocation();
  return useRoutes(routes);
}

/**
 * `routes` in a memory router opened at `path` (a piece's test: the app's own routes are renderApp's),
 * and `router.state.location`: where it is, as of its last render.
 */
export function memoryRoutes(routes: RouteObject[], path: string): { element: ReactElement; router: RoutesProbe } {
  const probe: { location?: Location } = {};
  const router: RoutesProbe = {
    state: {
      get location() {
        if (!probe.location) throw new Error('memoryRoutes: not rendered yet');
        return probe.location;
      },
    },
  };
  return {
    element: (
      <MemoryRouter initialEntries={[path]}>
        <ProbedRoutes routes={routes} probe={probe} />
      </MemoryRouter>
    ),
    router,
  };
}
