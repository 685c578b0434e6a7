import type { AppointmentAlert, PushPayload, PushPermissionsInput } from '@puente/contracts';
import { pushActionForChange, type Language, type PushAction } from '@puente/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { PushProvider } from '../../providers/push/push.provider';
import { refuseGuest, type Actor } from '../auth/session-scope';
import type { MembersService } from '../members/members.service';
import type { NotificationsRepository } from './notifications.repository';

/** What a push says on the lock screen: no health data, only that something needs her. */
const TEXT: Record<PushAction, Record<Language, { title: string; body: string }>> = {
  CANCELLED_CONSULTATION: {
    es: { title: 'Tu consulta se canceló', body: 'Toca para ver tus opciones.' },
    en: { title: 'Your consultation was canceled', body: 'Tap to see your options.' },
  },
  TECHNICAL_ISSUES_NO_COACH: {
    es: { title: 'No pudimos conectarte con un coach', body: 'Toca para buscar otro coach.' },
    en: { title: 'We could not connect you with a coach', body: 'Tap to look for another coach.' },
  },
  TREAT_COMPLETED: {
    es: { title: 'Tu tratamiento está listo', body: 'Toca para ver tu receta y tu farmacia.' },
    en: { title: 'Your treatment is ready', body: 'Tap to see your prescription and pharmacy.' },
  },
  GO_TO_FINISHED_APPOINTMENT: {
    es: { title: 'Tu consulta terminó', body: 'Toca para ver el resumen.' },
    en: { title: 'Your consultation has ended', body: 'Tap to see the summary.' },
  },
};

export interface NotificationsServiceDeps {
  repository: NotificationsRepository;
  provider: PushProvider;
  members: MembersService;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** Push registration (spec 7 POST notifications/push/permissions) and the pushes of spec 4. */
export class NotificationsService {
  constructor(private readonly deps: NotificationsServiceDeps) {}

  get publicKey(): string | null {
    return this.deps.provider.publicKey;
  }

  async registerPermissions(actor: Actor, input: PushPermissionsInput): Promise<void> {
    refuseGuest(actor);
    if (input.userId !== actor.id) throw new AppError('NOT_FOUND');
    const now = this.deps.clock.now();
    for (const [i, token] of input.mobileTokens.entries()) {
      // The server posts to this address: only a push service's https address.
      if (new URL(token.endpoint).protocol !== 'https:') {
        throw new AppError('INVALID_DATA', { fields: { [`mobileTokens.${i}.endpoint`]: 'invalid_push_endpoint' } });
      }
      await this.deps.repository.upsert(actor.id, { endpoint: token.endpoint, p256dh: token.keys.p256dh, auth: token.keys.auth }, now);
    }
  }

  /** Sends the member the push her consultation's change calls for (spec 4 push actions). */
  async onAppointmentAlert(alert: AppointmentAlert): Promise<void> {
    const action = pushActionForChange({ state: alert.state, previousState: alert.previousState, statusReason: alert.statusReason });
    if (!action) return;
    await this.push(alert.memberId, action, alert.appointmentId);
  }

  async push(userId: string, action: PushAction, appointmentId: string | null): Promise<number> {
    const subscriptions = await this.deps.repository.forUser(userId);
    if (subscriptions.length === 0) return 0;
    const member = await this.deps.members.findById(userId);
    const text = TEXT[action][member?.preferredLang ?? 'es'];
    const payload: PushPayload = { ...text, action, appointmentId, userId };
    let sent = 0;
    for (const s of subscriptions) {
      const result = await this.deps.provider.send({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload);
      if (result === 'sent') sent++;
      else if (result === 'gone') await this.deps.repository.remove(s.id, userId);
      else this.deps.log.warn({ action, userId }, 'push not delivered');
    }
    return sent;
  }
}
