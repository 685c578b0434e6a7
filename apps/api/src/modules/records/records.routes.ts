import { historyPageQuerySchema, type ClinicianList, type HistoryPage, type MemberRecord } from '@puente/contracts';
import { safeString } from '@puente/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseWith, requestLanguage, requireAuth } from '../../http';
import type { RecordsService } from './records.service';

const idParams = z.object({ id: safeString().min(1) });

export function recordsRoutes(records: RecordsService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/api/records/history', async (request): Promise<HistoryPage> => {
      const { user } = requireAuth(request);
      const query = parseWith(historyPageQuerySchema, request.query);
      return records.history(user, query, requestLanguage(request));
    });

    app.get('/api/records/clinicians', async (request): Promise<ClinicianList> => {
      const { user } = requireAuth(request);
      return records.clinicians(user, requestLanguage(request));
    });

    app.get('/api/records/appointments/:id', async (request): Promise<MemberRecord> => {
      const { user } = requireAuth(request);
      const { id } = parseWith(idParams, request.params);
      return records.record(user, id, requestLanguage(request));
    });
  };
}
