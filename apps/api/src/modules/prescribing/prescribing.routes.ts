import {
  medicationSearchQuerySchema,
  noPrescriptionInputSchema,
  savePrescriptionDraftInputSchema,
  type AppointmentDto,
  type MedicationSearchResponse,
  type PrescriptionOrderDto,
  type PrescriptionReadinessDto,
} from '@puente/contracts';
import { safeString } from '@puente/domain';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { parseWith, requestLanguage, requireAuth } from '../../http';
import type { PrescribingService } from './prescribing.service';

const idParams = z.object({ id: safeString().check(z.minLength(1), z.maxLength(100)) });

export function prescribingRoutes(prescribing: PrescribingService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/api/medications', async (request): Promise<MedicationSearchResponse> => {
      const { user } = requireAuth(request);
      const { q, limit } = parseWith(medicationSearchQuerySchema, request.query);
      return { medications: await prescribing.searchMedications(user, q, limit) };
    });

    // The e-prescribing vendor's status callback (no session: the vendor's shared secret).
    app.post('/api/eprescribing/status', async (request): Promise<{ ok: true }> => prescribing.statusCallback(request.headers, request.body));

    app.get('/api/appointments/:id/prescription-readiness', async (request): Promise<PrescriptionReadinessDto> => {
      const { user } = requireAuth(request);
      return prescribing.readiness(user, parseWith(idParams, request.params).id);
    });

    app.get('/api/appointments/:id/prescription', async (request): Promise<{ prescription: PrescriptionOrderDto | null }> => {
      const { user } = requireAuth(request);
      return { prescription: await prescribing.getOrder(user, parseWith(idParams, request.params).id) };
    });

    app.put('/api/appointments/:id/prescription', async (request): Promise<{ prescription: PrescriptionOrderDto }> => {
      const { user } = requireAuth(request);
      const { id } = parseWith(idParams, request.params);
      const { lines } = parseWith(savePrescriptionDraftInputSchema, request.body);
      return { prescription: await prescribing.saveDraft(user, id, lines) };
    });

    app.post('/api/appointments/:id/prescription/review', async (request): Promise<{ prescription: PrescriptionOrderDto }> => {
      const { user } = requireAuth(request);
      return { prescription: await prescribing.review(user, parseWith(idParams, request.params).id) };
    });

    app.post('/api/appointments/:id/prescription/sign', async (request): Promise<{ prescription: PrescriptionOrderDto; appointment: AppointmentDto }> => {
      const { user } = requireAuth(request);
      return prescribing.sign(user, parseWith(idParams, request.params).id, requestLanguage(request));
    });

    app.post('/api/appointments/:id/prescription/none', async (request): Promise<{ appointment: AppointmentDto }> => {
      const { user } = requireAuth(request);
      const { id } = parseWith(idParams, request.params);
      const { reason, note } = parseWith(noPrescriptionInputSchema, request.body);
      return { appointment: await prescribing.finishWithoutPrescription(user, id, reason, note, requestLanguage(request)) };
    });

    // The interface with the member's record screens: the signed PDF, member and prescriber only.
    app.get('/api/appointments/:id/prescription-document', async (request, reply) => {
      const { user } = requireAuth(request);
      const pdf = await prescribing.document(user, parseWith(idParams, request.params).id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="prescription.pdf"')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    });
  };
}
