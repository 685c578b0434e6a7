import type { MemberDto, RecoveryCodeResponse } from '@puente/contracts';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { membersPolicy } from './members.policy';
import { organizationFlags, presentMember } from './members.presenter';
import type { MembersRepository } from './members.repository';

export class MembersService {
  constructor(private readonly members: MembersRepository) {}

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
  async takeRecoveryCode(actor: UserRow, memberId: string): Promise<RecoveryCodeResponse> {
    if (!membersPolicy.canReadRecoveryCode(actor, memberId)) throw new AppError('NOT_FOUND');
    const code = await this.members.takePendingRecoveryCode(actor.id);
    if (!code) throw new AppError('NOT_FOUND');
    return { recoveryCode: code };
  }
}
