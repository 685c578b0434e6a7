import { notificationCommandSchema } from '@puente/contracts';
import { paths } from '@puente/domain';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { useMember } from '@/features/profile';
import { useStore } from '@/lib/external-store';
import { socketStore } from '@/lib/socket';
import { showToast } from '@/lib/toast';

/**
 * spec 4 infoPage SMC11 "treatment sent to pharmacy" (issue 12): when the member's prescription is
 * sent the server's notification command names SMC11; she is taken there (its button leads to her
 * history), unless she is answering the survey, where a toast tells her instead.
 */
export const useTreatmentSent = (): void => {
  const socket = useStore(socketStore);
  const member = useMember();
  const isMember = member.data?.userType === 'member';
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathRef = useRef(pathname);
  pathRef.current = pathname;

  useEffect(() => {
    if (!socket || !isMember) return undefined;
    const handle = (payload: unknown) => {
      const parsed = notificationCommandSchema.safeParse(payload);
      if (!parsed.success || parsed.data.infoPage !== 'SMC11') return;
      if (pathRef.current.startsWith('/consulta/survey')) showToast({ variant: 'success', message: parsed.data.body });
      else void navigate(paths.infoPage('SMC11'));
    };
    socket.on('command-notification', handle);
    return () => {
      socket.off('command-notification', handle);
    };
  }, [socket, isMember, navigate]);
};
