import type { PhysicianDto } from '@puente/contracts';
import { buildPath, consultationLanguageOf, consultationLanguageWith } from '@puente/domain';
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
export const useStartRequest = (): { start: (physician?: Pick<PhysicianDto, 'id' | 'languages'> | null) => void; dialog: ReactNode } => {
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

  // A coach asked by name is asked in a language she speaks (her card shows them): the member's own when
  // she speaks it, else hers, unless the member chose one on the list.
  const start = (physician?: Pick<PhysicianDto, 'id' | 'languages'> | null) => {
    const own = member.data ? consultationLanguageOf(member.data) : null;
    const language = physician && own ? consultationLanguageWith(physician.languages, request.language, own) : null;
    next(update({ physicianId: physician?.id ?? null, ...(language && language !== own ? { language } : {}) }), false);
  };

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
