import { memberDataUpdateSchema, REALTIME_EVENTS, type MemberDto } from '@puente/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useStore } from '@/lib/external-store';
import { useSessionToken } from '@/lib/session';
import { socketStore } from '@/lib/socket';
import { memberQueryKey } from '../api/get-member';

/**
 * member-data-update (spec 7 realtime): her account changed elsewhere (her own save on another
 * device, her clinician correcting her health profile). What it carries is merged into the cached
 * member, so every screen shows it without a reload; a payload that does not parse is ignored.
 */
export const useMemberDataUpdates = (): void => {
  const client = useQueryClient();
  const socket = useStore(socketStore);
  const token = useSessionToken();
  useEffect(() => {
    if (!socket || !token) return undefined;
    const handle = (payload: unknown) => {
      const parsed = memberDataUpdateSchema.safeParse(payload);
      if (!parsed.success) return;
      client.setQueryData<MemberDto>(memberQueryKey(token), (member) => (member ? { ...member, ...parsed.data.member } : member));
    };
    socket.on(REALTIME_EVENTS.memberDataUpdate, handle);
    return () => {
      socket.off(REALTIME_EVENTS.memberDataUpdate, handle);
    };
  }, [socket, client, token]);
};
