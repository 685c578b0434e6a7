import type { MemberDto } from '@puente/contracts';
import { ROUTES } from '@puente/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from '@/lib/navigation';
import { isApiRequestError } from '@/lib/api-client';
import { removeStorage, STORAGE_KEYS, useStoredValue, writeStorage } from '@/lib/storage';
import { showToast } from '@/lib/toast';

const KEYS = [STORAGE_KEYS.invitationReferalId, STORAGE_KEYS.invitationReferalOrganizationId, STORAGE_KEYS.invitationDependantMemberId] as const;
const clearInvitation = () => KEYS.forEach((k) => removeStorage(k));

/** INVITATION_EXPIRED (spec 8) goes to /expired-invitation with the referrer's name. */
const expiredTarget = (error: unknown): { referrerName: string; trialDays: number | null } | null =>
  isApiRequestError(error) && error.code === 'INVITATION_EXPIRED'
    ? { referrerName: typeof error.data?.referrerName === 'string' ? error.data.referrerName : '', trialDays: typeof error.data?.trialDays === 'number' ? error.data.trialDays : null }
    : null;

/**
 * The texted family invitation (spec 3 "invitation keys", spec 7 invitation-token and
 * updateDependant). /login?invitationToken= keeps the token (use-login-params); here it becomes
 * the referrer and temporary ids kept until she has signed in, then updateDependant accepts.
 * Mounted once in the shell.
 */
export function useFamilyInvitation(member: MemberDto | undefined): void {
  const navigate = useNavigate();
  const client = useQueryClient();
  const busy = useRef(false);
  // Watched, not read once: /login keeps the token from its link after the shell has rendered.
  const token = useStoredValue(STORAGE_KEYS.invitationToken);
  const referalId = useStoredValue(STORAGE_KEYS.invitationReferalId);
  const dependantMemberId = useStoredValue(STORAGE_KEYS.invitationDependantMemberId);
  const memberId = member?.userType === 'member' ? member.id : undefined;

  useEffect(() => {
    if (!token || referalId || busy.current) return;
    busy.current = true;
    // The family calls load only for someone who followed an invitation (not in the first load).
    import('../api/dependants')
      .then(({ getInvitationToken }) => getInvitationToken(token))
      .then((info) => {
        writeStorage(STORAGE_KEYS.invitationReferalId, info.referalId);
        if (info.referalOrganizationId) writeStorage(STORAGE_KEYS.invitationReferalOrganizationId, info.referalOrganizationId);
        writeStorage(STORAGE_KEYS.invitationDependantMemberId, info.dependantMemberId);
      })
      .catch((error: unknown) => {
        removeStorage(STORAGE_KEYS.invitationToken);
        const expired = expiredTarget(error);
        if (!expired) return;
        // Kept so that, once signed in, updateDependant starts her 30-day trial (spec 8/9).
        const data = isApiRequestError(error) ? error.data : undefined;
        if (typeof data?.referalId === 'string' && typeof data.dependantMemberId === 'string') {
          writeStorage(STORAGE_KEYS.invitationReferalId, data.referalId);
          writeStorage(STORAGE_KEYS.invitationDependantMemberId, data.dependantMemberId);
        }
        void navigate(ROUTES.expiredInvitation.path, { state: expired, replace: true });
      })
      .finally(() => {
        busy.current = false;
      });
  }, [token, referalId, navigate]);

  useEffect(() => {
    if (!memberId || !referalId || !dependantMemberId || busy.current) return;
    busy.current = true;
    import('../api/dependants')
      .then(({ acceptInvitation }) => acceptInvitation({ currentMemberId: memberId, referralId: referalId, dependantTempId: dependantMemberId }))
      .then(() => {
        clearInvitation();
        removeStorage(STORAGE_KEYS.invitationToken);
        showToast({ variant: 'success', message: 'family_invitation_accepted' });
        void client.invalidateQueries({ queryKey: ['member'] });
      })
      .catch((error: unknown) => {
        clearInvitation();
        removeStorage(STORAGE_KEYS.invitationToken);
        const expired = expiredTarget(error);
        if (expired) void navigate(ROUTES.expiredInvitation.path, { state: expired, replace: true });
        else showToast({ variant: 'warning', message: 'family_invitation_not_for_you' });
      })
      .finally(() => {
        busy.current = false;
      });
  }, [memberId, referalId, dependantMemberId, navigate, client]);
}
