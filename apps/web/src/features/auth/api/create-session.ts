import { GQL, sessionPayloadSchema, type SessionPayload } from '@puente/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphqlRequest } from '@/lib/api-client';
import { setMemberData } from '@/features/profile';
import { setSessionToken } from '@/lib/session';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { getTimeZone } from '@/lib/time-zone';

/** GraphQL createSession(loginToken, timeZone). */
export const createSession = (loginToken: string): Promise<SessionPayload> =>
  graphqlRequest(GQL.createSession, { loginToken, timeZone: getTimeZone() }, 'createSession', sessionPayloadSchema, { auth: false });

export const useCreateSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSession,
    onSuccess: (payload) => {
      setMemberData(queryClient, payload.sessionToken, payload.member);
      setSessionToken(payload.sessionToken);
      // Someone who has signed in has passed pre-onboarding: next time the guard sends them to /login.
      writeStorage(STORAGE_KEYS.preOnboardingDone, 'true');
    },
  });
};
