import { RELEASE_PLATFORMS, type PublicConfig, type ReleaseVerifyResponse } from '@puente/contracts';
import type { FastifyInstance } from 'fastify';
import { safeString } from '@puente/domain';
import * as z from 'zod/mini';
import { AppError } from '../../errors';
import { parseWith, requestLanguage } from '../../http';
import type { ConfigsService } from './configs.service';

const releaseParamsSchema = z.object({
  platform: z.enum(RELEASE_PLATFORMS, { error: 'release_platform_invalid' }),
  version: safeString().check(z.minLength(1), z.maxLength(40)),
});

export function configsRoutes(configs: ConfigsService) {
  return async (app: FastifyInstance): Promise<void> => {
    // Public: the login screens' help drawer needs the company phones before anyone signs in.
    for (const path of ['/api/configs', '/api/system/configs']) {
      app.get(path, async (request, reply): Promise<PublicConfig> => {
        void reply.header('cache-control', 'public, max-age=300');
        return configs.publicConfig(requestLanguage(request));
      });
    }

    app.get('/api/releases/verify/:platform/:version', async (request): Promise<ReleaseVerifyResponse> => {
      const { platform, version } = parseWith(releaseParamsSchema, request.params);
      const result = configs.verifyRelease(platform, version);
      if (!result) throw new AppError('INVALID_DATA', { fields: { version: 'release_version_invalid' } });
      return result;
    });
  };
}
