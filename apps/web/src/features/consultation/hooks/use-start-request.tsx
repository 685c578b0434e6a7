import { buildPath } from '@puente/domain';
import type { SelfAssessment } from '@puente/domain';
import { useState, type ReactNode } from 'react';
import { useNavigate } from '@/lib/navigation';
import { HealthProfileDialog, needsHealthProfile, useMember } from '@/features/profile';
import { SelfAssessmentDialog } from '../components/self-assessment-dialog';
import { setPendingSymptomPhotos } from '../symptom-photos';
import { requestOrDefault, useConsultationRequest } from './use-consultation-request';

export const LOCATION_FORM_PATH = buildPath('locationForm');

/**
 * "Request consultation": remembers the chosen coach; before the first consultation asks the
 * health profile once (issue 11: allergies, medications, conditions, surgeries); asks the
 * self-assessment when the topic requires it (spec 3); then the location confirmation (spec 2).
 */
export const useStartRequest = (): { start: (physicianId?: string | null) => void; dialog: ReactNode } => {
  const navigate = useNavigate();
  const member = useMember();
  const { request, language, update } = useConsultationRequest();
  const [asking, setAsking] = useState<'health-profile' | 'self-assessment' | null>(null);

  const next = (current: typeof request, healthAsked: boolean) => {
    if (!healthAsked && needsHealthProfile(member.data)) {
      setAsking('health-profile');
      return;
    }
    if (current.requiresSelfAssessment && !current.selfAssessment) {
      setAsking('self-assessment');
      return;
    }
    setAsking(null);
    void navigate(LOCATION_FORM_PATH);
  };

  const start = (physicianId?: string | null) => next(update({ physicianId: physicianId ?? null }), false);

  const handleDone = (selfAssessment: SelfAssessment, photos: File[]) => {
    update({ selfAssessment });
    setPendingSymptomPhotos(photos);
    setAsking(null);
    void navigate(LOCATION_FORM_PATH);
  };

  const dialog = (
    <>
      <HealthProfileDialog open={asking === 'health-profile'} intake onDone={() => next(requestOrDefault(language), true)} onCancel={() => setAsking(null)} />
      <SelfAssessmentDialog open={asking === 'self-assessment'} topicId={request.topicId} defaultReason={request.reason} onCancel={() => setAsking(null)} onDone={handleDone} />
    </>
  );
  return { start, dialog };
};
