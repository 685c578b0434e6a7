import { matchRoute, ROUTES as ROUTE_DEFS, type RouteDef } from '@puente/domain';

/** The domain route a pathname belongs to (undefined for unknown paths). */
export const findRoute = (pathname: string): RouteDef | undefined => {
  const name = matchRoute(pathname);
  return name ? ROUTE_DEFS[name] : undefined;
};
