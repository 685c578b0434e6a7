import { choosePharmacyInputSchema, pharmacySearchQuerySchema, type MyPharmacyResponse, type PharmacySearchResponse } from '@puente/contracts';
import type { FastifyInstance } from 'fastify';
import { parseWith, requireAuth } from '../../http';
import type { PharmaciesService } from './pharmacies.service';

export function pharmaciesRoutes(pharmacies: PharmaciesService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/api/pharmacies', async (request): Promise<PharmacySearchResponse> => {
      const { user } = requireAuth(request);
      return pharmacies.search(user, parseWith(pharmacySearchQuerySchema, request.query));
    });
    app.get('/api/pharmacies/mine', async (request): Promise<MyPharmacyResponse> => {
      const { user } = requireAuth(request);
      return pharmacies.mine(user);
    });
    app.put('/api/pharmacies/mine', async (request): Promise<MyPharmacyResponse> => {
      const { user } = requireAuth(request);
      return pharmacies.choose(user, parseWith(choosePharmacyInputSchema, request.body));
    });
  };
}
