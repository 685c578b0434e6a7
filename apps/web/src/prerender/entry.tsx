import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { preloadScreens } from '@/app/route-table';
import { buildRoutes } from '@/app/router';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import type { RouteName } from '@puente/domain';

export async function prerender(pathname: string, screen: RouteName): Promise<string> {
  await preloadScreens([screen]);
  const handler = createStaticHandler(buildRoutes());
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) throw new Error(`prerender ${pathname}: the router answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProviders queryClient={createQueryClient()} i18n={createI18n()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}
