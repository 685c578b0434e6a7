import type { DeletionRequestResponse, RestoreAccountResponse } from '@puente/contracts';
import { PENDING_DELETION_THRESHOLD_MINUTES, pendingDeletionView } from '@puente/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { refuseGuest, type Actor } from '../auth/session-scope';
import type { Clock } from '../../lib/clock';
import type { AuditService } from '../audit/audit.service';
import type { JobRunner } from '../../lib/jobs';
import type { AuthService, SessionSocketControl } from '../auth/auth.service';
import type { MembersService } from '../members/members.service';
import type { RecoveryService } from '../recovery/recovery.service';
import type { OutboxRepository } from '../../providers/outbox.repository';
import { accountDeletionPolicy } from './account-deletion.policy';

const THRESHOLD_MS = PENDING_DELETION_THRESHOLD_MINUTES * 60_000;
// Not in the spec: how often the erasure job looks for expired requests, and how many it takes a run.
export const ERASURE_JOB = { intervalMs: 15 * 60_000, batchSize: 100 } as const;

export interface AccountDeletionDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  sockets: SessionSocketControl;
  /** Sessions, login tokens and sign-in codes are the auth module's: it revokes and erases them (in this module's transaction). */
  sessions: Pick<AuthService, 'revokeSessionsOfUser' | 'consumeLoginToken' | 'eraseUser'>;
  /** Phone resets are the recovery module's: it erases them with the account. */
  recovery: Pick<RecoveryService, 'eraseUser'>;
  /** The account row is the members module's: it marks the request and erases the personal data. */
  members: Pick<MembersService, 'findById' | 'setDeletionRequestedAt' | 'dueForErasure' | 'erase'>;
  /** Messages the local outbox kept for the account's phone and email go with it. */
  outbox: Pick<OutboxRepository, 'deleteTo'>;
  /** Family plans (issue 15): dependants and referrers leave their families first (spec 4). */
  family?: { removeForDeletion(userId: string, tx: Db): Promise<void> };
  log?: FastifyBaseLogger;
}

/**
 * Deleting and restoring an account (spec 000 §4 "Account": active, deletion pending
 * (restorable), deleted). A request signs the member out everywhere; within
 * PENDING_DELETION_THRESHOLD_MINUTES she may restore it; after that the erasure job removes her
 * personal data (README "Data retention").
 *
 * Dependants (spec 4: a dependant's deletion removes them from the referrer's list; a referrer's
 * deletion first removes every dependant, with an unlink event for each non-temporary one):
 * `requestDeletion` asks the family module to do it in its transaction, before marking the request.
 */
export class AccountDeletionService {
  private running: Promise<number> | undefined;

  constructor(private readonly deps: AccountDeletionDeps) {}

  /** POST /api/member/{id}/deletion-request. Asking again keeps the first request time. */
  async requestDeletion(actor: Actor, memberId: string): Promise<DeletionRequestResponse> {
    refuseGuest(actor);
    if (!accountDeletionPolicy.canRequestDeletion(actor, memberId)) throw new AppError('NOT_FOUND');
    const now = this.deps.clock.now();
    const requestedAt = await this.deps.db.transaction(async (tx) => {
      const user = await this.deps.members.findById(memberId, tx);
      if (!user) throw new AppError('NOT_FOUND');
      await this.deps.family?.removeForDeletion(user.id, tx);
      const at = user.deletionRequestedAt ?? (await this.deps.members.setDeletionRequestedAt(user.id, now, now, tx))?.deletionRequestedAt ?? now;
      const revoked = await this.deps.sessions.revokeSessionsOfUser(user.id, now, tx);
      return { at, revoked };
    });
    for (const id of requestedAt.revoked) this.deps.sockets.disconnectSession(id);
    return {
      deletionRequestTime: requestedAt.at.toISOString(),
      restorableUntil: new Date(requestedAt.at.getTime() + THRESHOLD_MS).toISOString(),
    };
  }

  /**
   * POST /api/member/{id}/restore-account: with the member's session, or with the login token of
   * the sign-in that found the pending request (the member has no session by then).
   */
  async restore(input: { actor: UserRow | null; memberId: string; loginToken?: string }): Promise<RestoreAccountResponse> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      let allowed = input.actor !== null && accountDeletionPolicy.canRestore(input.actor, input.memberId);
      if (!allowed && input.loginToken) {
        const consumed = await this.deps.sessions.consumeLoginToken(input.loginToken, now, tx);
        allowed = typeof consumed === 'object' && consumed.userId === input.memberId;
      }
      if (!allowed) throw new AppError('NOT_FOUND');
      const user = await this.deps.members.findById(input.memberId, tx);
      if (!user?.deletionRequestedAt) throw new AppError('NOT_FOUND');
      if (pendingDeletionView(user.deletionRequestedAt.getTime(), now).kind !== 'restorable') {
        throw new AppError('USER_NOT_FOUND', { reason: 'is blocked' });
      }
      await this.deps.members.setDeletionRequestedAt(user.id, null, now, tx);
      return { restored: true as const };
    });
  }

  /** Erases every member whose request is past the threshold; returns how many. */
  async eraseExpired(): Promise<number> {
    // One run at a time: the timer and a test calling this directly must not erase twice.
    if (this.running) return this.running;
    this.running = this.runErasure().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async runErasure(): Promise<number> {
    const now = this.deps.clock.now();
    const cutoff = new Date(now.getTime() - THRESHOLD_MS);
    let erased = 0;
    for (;;) {
      const due = await this.deps.members.dueForErasure(cutoff, ERASURE_JOB.batchSize);
      if (due.length === 0) return erased;
      for (const user of due) {
        await this.deps.db.transaction(async (tx) => {
          await this.deps.members.erase(user.id, now, tx);
          await this.deps.outbox.deleteTo([user.phoneNumber, user.email].filter((a): a is string => !!a), tx);
          await this.deps.sessions.eraseUser(user, tx);
          await this.deps.recovery.eraseUser(user.id, tx);
          await this.deps.audit.record({ actor: 'system', action: 'erase', resource: 'member', subjectId: user.id }, tx);
        });
        erased++;
      }
      if (due.length < ERASURE_JOB.batchSize) return erased;
    }
  }
}

export const ACCOUNT_ERASURE_JOB = 'account-erasure';

/** The erasure as a job of the server's runner (lib/jobs.ts), on the injectable clock; 0 = never on a timer. */
export function registerAccountErasure(jobs: JobRunner, deletion: AccountDeletionService, everyMs: number = ERASURE_JOB.intervalMs): void {
  jobs.register(ACCOUNT_ERASURE_JOB, everyMs, () => deletion.eraseExpired());
}
