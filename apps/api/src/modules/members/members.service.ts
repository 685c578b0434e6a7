import type { MemberCareView, MemberDto, MemberReadResponse, RecoveryCodeResponse } from '@puente/contracts';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { refuseGuest, type Actor } from '../auth/session-scope';
import { membersPolicy } from './members.policy';
import { organizationFlags, presentMember, presentMemberForCare } from './members.presenter';
import type { AuditService } from '../audit/audit.service';
import type { MembersRepository } from './members.repository';

export class MembersService {
  constructor(
    private readonly members: MembersRepository,
    /** The audit log (modules/audit): reads of a member by anyone else are recorded. */
    private readonly audit?: AuditService,
  ) {}

  private static readonly UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

  /**
   * GET /api/members/{id}: the member herself, an admin, or a physician with a care relationship.
   * Anyone else gets NOT_FOUND. Reads by others than the member are audited, refusals too.
   * Only the member gets her full view; everyone else gets the care view (presentMemberForCare).
   */
  async getMemberFor(actor: Actor, memberId: string): Promise<MemberReadResponse> {
    // A guest-link session has what its call needs (the session's own member); no profile reads.
    refuseGuest(actor);
    if (actor.id === memberId) return this.getOwnMember(actor);
    return this.getMemberForCare(actor, memberId);
  }

  /**
   * A member read by staff: the care view. Admins get it too, deliberately: HIPAA's minimum
   * necessary rule, and no admin screen reads this endpoint for contact or account data (support
   * work on an account goes through its own audited tools, not the clinical profile). Widen it
   * only for a named admin screen, with its own presenter.
   */
  private async getMemberForCare(actor: UserRow, memberId: string): Promise<MemberCareView> {
    if (!MembersService.UUID_RE.test(memberId)) throw new AppError('NOT_FOUND');
    const row = await this.members.findById(memberId);
    const care = row && actor.userType !== 'member' && actor.userType !== 'admin' ? await this.members.hasCareRelationship(actor.id, memberId) : false;
    if (!row || row.userType !== 'member' || !membersPolicy.canStaffReadMember(actor, care)) {
      if (row) await this.audit?.record({ actor, action: 'read-denied', resource: 'member', subjectId: memberId });
      throw new AppError('NOT_FOUND');
    }
    await this.audit?.record({ actor, action: 'read', resource: 'member', subjectId: memberId });
    return presentMemberForCare(row);
  }

  async getOwnMember(actor: UserRow): Promise<MemberDto> {
    const row = await this.members.findById(actor.id);
    if (!row) throw new AppError('USER_NOT_FOUND');
    const organization = row.organizationId ? await this.members.findOrganizationById(row.organizationId) : null;
    return presentMember(row, organization);
  }

  /** The member's organization as the member app sees it (name and canonical flags). */
  async organizationOf(organizationId: string): Promise<MemberDto['organization']> {
    const org = await this.members.findOrganizationById(organizationId);
    return org ? { id: org.id, name: org.name, settings: organizationFlags(org) } : null;
  }

  /** The recovery code is shown once to its owner; afterwards, and to anyone else, NOT_FOUND. */
  async takeRecoveryCode(actor: Actor, memberId: string): Promise<RecoveryCodeResponse> {
    refuseGuest(actor);
    if (!membersPolicy.canReadRecoveryCode(actor, memberId)) {
      // Someone else asked for a member's recovery code: refused, and recorded.
      if (MembersService.UUID_RE.test(memberId) && (await this.members.findById(memberId))) {
        await this.audit?.record({ actor, action: 'read-denied', resource: 'recovery-code', subjectId: memberId });
      }
      throw new AppError('NOT_FOUND');
    }
    const code = await this.members.takePendingRecoveryCode(actor.id);
    if (!code) throw new AppError('NOT_FOUND');
    return { recoveryCode: code };
  }
}
