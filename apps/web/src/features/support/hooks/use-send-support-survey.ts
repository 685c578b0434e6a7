import type { CreateSurveyInput } from '@puente/contracts';
import { useNavigate } from '@/lib/navigation';
import { useMember } from '@/features/profile';
import { errorToastKey } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useCreateSupportSurvey } from '../api/create-survey';

/**
 * Sends the member's complaint or support request (createSurvey, spec 7), then the success toast and
 * on to `to`; a refusal shows the error's warning toast and leaves her on the form. One block for
 * /reportar-problema and /contacto-soporte.
 */
export function useSendSupportSurvey(type: CreateSurveyInput['data']['type'], done: { successToast: string; to: string }) {
  const navigate = useNavigate();
  const member = useMember();
  const create = useCreateSupportSurvey();
  const send = async (items: Record<string, unknown>): Promise<void> => {
    if (!member.data) return;
    try {
      await create.mutateAsync({ type, memberId: member.data.id, items });
      showToast({ variant: 'success', message: done.successToast });
      void navigate(done.to);
    } catch (error) {
      showToast({ variant: 'warning', message: errorToastKey(error) });
    }
  };
  return { send, disabled: create.isPending || !member.data };
}
