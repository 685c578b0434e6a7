import { historyPageQuerySchema, RECORD_PATHS, type ClinicianList, type HistoryPage, type MemberRecord } from '@puente/contracts';
import { safeString } from '@puente/domain';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { parseWith, requestLanguage, requireAuth } from '../../http';
import type { RecordsService } from './records.service';

const idParams = z.object({ id: safeString().check(z.minLength(1)) });

export function recordsRoutes(records: RecordsService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(RECORD_PATHS.history, async (request): Promise<HistoryPage> => {
      const { user } = requireAuth(request);
      const query = parseWith(historyPageQuerySchema, request.query);
      return records.history(user, query, requestLanguage(request));
    });

    app.get(RECORD_PATHS.clinicians, async (request): Promise<ClinicianList> => {
      const { user } = requireAuth(request);
      return records.clinicians(user, requestLanguage(request));
    });

    app.get(RECORD_PATHS.appointmentRoute, async (request): Promise<MemberRecord> => {
      const { user } = requireAuth(request);
      const { id } = parseWith(idParams, request.params);
      return records.record(user, id, requestLanguage(request));
    });
  };
}
