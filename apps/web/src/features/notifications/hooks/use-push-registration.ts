import { useEffect } from 'react';
import { useMember } from '@/features/profile';
import { registerPush } from '../api/register-push';

/** Subscribes this browser for pushes once the member is signed in and permission is granted. */
export function usePushRegistration(): void {
  const member = useMember();
  const userId = member.data?.userType === 'member' ? member.data.id : null;
  useEffect(() => {
    if (!userId) return;
    registerPush(userId).catch(() => undefined);
  }, [userId]);
}
