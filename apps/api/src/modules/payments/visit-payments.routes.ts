import { paymentIntentRequestSchema, paymentStatusRequestSchema, type PaymentIntentResponse, type VisitPaymentDto } from '@puente/contracts';
import { safeString } from '@puente/domain';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { parseWith, requireAuth } from '../../http';
import type { VisitPaymentsService } from './visit-payments.service';

const idParams = z.object({ id: safeString().check(z.minLength(1), z.maxLength(64)) });

export function visitPaymentsRoutes(visits: VisitPaymentsService) {
  return async (app: FastifyInstance): Promise<void> => {
    // spec 7: POST organizations/{organizationId}/payment-intent (body priceType, paymentId; reads clientSecret).
    app.post('/api/organizations/:id/payment-intent', async (request): Promise<PaymentIntentResponse> => {
      const auth = requireAuth(request);
      const { id } = parseWith(idParams, request.params);
      return visits.intent(auth.user, id, parseWith(paymentIntentRequestSchema, request.body));
    });

    // spec 7: PATCH payments/{paymentId}/status (body status succeeded or failed).
    app.patch('/api/payments/:id/status', async (request): Promise<VisitPaymentDto> => {
      const auth = requireAuth(request);
      const { id } = parseWith(idParams, request.params);
      return visits.setStatus(auth.user, id, parseWith(paymentStatusRequestSchema, request.body));
    });

    // The member's payment request for her consultation, for an app that missed the realtime event.
    app.get('/api/appointments/:id/payment', async (request): Promise<{ payment: VisitPaymentDto | null }> => {
      const auth = requireAuth(request);
      const { id } = parseWith(idParams, request.params);
      return { payment: await visits.pendingFor(auth.user, id) };
    });
  };
}
