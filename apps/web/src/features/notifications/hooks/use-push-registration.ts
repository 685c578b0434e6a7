import { useEffect } from 'react';
import { useMember } from '@/features/profile';
import { whenIdle } from '@/lib/idle';
import { registerPush } from '../api/register-push';

/**
 * Subscribes this browser for pushes once the member is signed in and permission is granted, when
 * the browser is idle (after the first screen: issue 10, LCP).
 */
export function usePushRegistration(): void {
  const member = useMember();
  const userId = member.data?.userType === 'member' ? member.data.id : null;
  useEffect(() => {
    if (!userId) return;
    return whenIdle(() => void registerPush(userId).catch(() => undefined));
  }, [userId]);
}
