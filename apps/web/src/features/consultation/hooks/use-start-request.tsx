import { buildPath, consultationLanguageOf, consultationLanguageWith } from '@puente/domain';
import type { Language, SelfAssessment } from '@puente/domain';
import { useState, type ReactNode } from 'react';
import { useNavigate } from '@/lib/navigation';
import { HealthProfileDialog, needsHealthProfile, useMember } from '@/features/profile';
import { SelfAssessmentDialog } from '../components/self-assessment-dialog';
import { setPendingSymptomPhotos } from '../symptom-photos';
import { requestOrDefault, useConsultationRequest } from './use-consultation-request';

export const LOCATION_FORM_PATH = buildPath('locationForm');

/** Whom the request is for: one coach (her id and languages), or any of the coaches listed (no id, their languages). */
export interface RequestTarget {
  physicianId: string | null;
  languages: readonly Language[];
}

/**
 * "Request consultation": remembers the chosen coach; before the first consultation asks the
 * health profile once (issue 11: allergies, medications, conditions, surgeries); asks the
 * self-assessment when the topic requires it (spec 3); then the location confirmation (spec 2).
 */
export const useStartRequest = (): { start: (target: RequestTarget) => void; dialog: ReactNode } => {
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

  // The request goes in a language the coaches it is for speak (their cards show them): the member's own
  // when they do, else theirs, unless the member chose one on the list.
  const start = ({ physicianId, languages }: RequestTarget) => {
    const own = member.data ? consultationLanguageOf(member.data) : null;
    const language = own ? consultationLanguageWith(languages, request.language, own) : null;
    next(update({ physicianId, ...(language && language !== own ? { language } : {}) }), false);
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
