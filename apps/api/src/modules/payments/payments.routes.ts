import {
  cardCheckoutRequestSchema,
  type CancelMembershipResponse,
  type CardCheckoutResponse,
  type CardCheckoutStatus,
} from '@puente/contracts';
import { languageSchema, safeString } from '@puente/domain';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { parseWith, requestLanguage, requireAuth } from '../../http';
import type { PaymentsService } from './payments.service';

const checkoutParamsSchema = z.object({ id: safeString().check(z.minLength(1), z.maxLength(64)) });
const localFormSchema = z.object({ card: z._default(safeString().check(z.maxLength(23)), ''), lang: z.optional(languageSchema) });
const localQuerySchema = z.object({ declined: z.optional(z.literal('1')), lang: z.optional(languageSchema) });

/** The test card page is framed by our own app only (the rest of the site refuses every frame). */
const FRAMEABLE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'; base-uri 'none'";

export function paymentsRoutes(payments: PaymentsService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post('/api/payments/card/checkout', async (request): Promise<CardCheckoutResponse> => {
      const auth = requireAuth(request);
      const { planId } = parseWith(cardCheckoutRequestSchema, request.body);
      return payments.startCardCheckout(auth.user, planId);
    });

    app.get('/api/payments/card/checkout/:id', async (request): Promise<CardCheckoutStatus> => {
      const auth = requireAuth(request);
      const { id } = parseWith(checkoutParamsSchema, request.params);
      return payments.checkoutStatus(auth.user, id);
    });

    app.post('/api/membership/cancel', async (request): Promise<CancelMembershipResponse> => {
      const auth = requireAuth(request);
      return payments.cancelMembership(auth.user);
    });

    // The local provider's test card page: the checkout id (a random UUID) is the capability, as a
    // provider's hosted checkout URL is; it reveals only the plan and the price.
    await app.register(async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
      scope.get('/api/payments/local-checkout/:id', { config: { page: true } }, async (request, reply) => {
        const { id } = parseWith(checkoutParamsSchema, request.params);
        const query = parseWith(localQuerySchema, request.query);
        const html = await payments.localCheckoutPage(id, query.lang ?? requestLanguage(request), query.declined === '1');
        return reply.header('content-security-policy', FRAMEABLE_CSP).header('x-frame-options', 'SAMEORIGIN').type('text/html; charset=utf-8').send(html);
      });
      scope.post('/api/payments/local-checkout/:id', { config: { page: true } }, async (request, reply) => {
        const { id } = parseWith(checkoutParamsSchema, request.params);
        const form = parseWith(localFormSchema, request.body);
        const result = await payments.submitLocalCheckout(id, form.card);
        const lang = form.lang ? `lang=${form.lang}` : '';
        const query = [result === 'declined' ? 'declined=1' : '', lang].filter(Boolean).join('&');
        return reply.redirect(`/api/payments/local-checkout/${id}${query ? `?${query}` : ''}`, 303);
      });
    });

    // Card provider notifications (Stripe webhooks): verified on the raw body, processed once each.
    await app.register(async (scope) => {
      scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
      scope.post('/api/payments/webhooks/card', async (request) => {
        const signature = request.headers['stripe-signature'];
        return payments.handleCardNotification(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
      });
    });
  };
}
