import { useCallback, useLayoutEffect, useRef } from 'react';
import { useNavigate as useRouterNavigate, type NavigateFunction, type NavigateOptions, type To } from 'react-router';

/**
 * The router's navigate, one function for the component's whole life: what every screen and hook
 * uses instead of React Router's own (a lint rule says so).
 *
 * The app runs React Router in its declarative mode (BrowserRouter: issue 10, first load; its data
 * router is 17 kB gzipped more on every page), whose useNavigate returns a new function at every
 * navigation. An effect that lists it among its dependencies (an alert subscription, a one-time
 * check that then navigates) would run again on each move; with this one it runs when its own
 * inputs change, as under the data router, whose navigate never changed. It calls the router's
 * latest navigate, so a path is resolved as the router would resolve it now.
 */
export function useNavigate(): NavigateFunction {
  const navigate = useRouterNavigate();
  const latest = useRef(navigate);
  useLayoutEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  return useCallback(((to: To | number, options?: NavigateOptions) => (typeof to === 'number' ? latest.current(to) : latest.current(to, options))) as NavigateFunction, []);
}
