import { matchPath } from 'react-router';
import { ROUTE_TABLE, type AppRoute } from './route-table';

export const findRoute = (pathname: string): AppRoute | undefined =>
  ROUTE_TABLE.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null);

/** Unknown paths count as private: the guard sends anonymous users to sign in. */
export const isPublicPath = (path: string): boolean => {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return findRoute(pathname)?.access === 'public';
};
