import { buildPath } from '@puente/domain';
import type { SelfAssessment } from '@puente/domain';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { SelfAssessmentDialog } from '../components/self-assessment-dialog';
import { useConsultationRequest } from './use-consultation-request';

export const LOCATION_FORM_PATH = buildPath('locationForm');

/**
 * "Request consultation": remembers the chosen coach, asks the self-assessment when the topic
 * requires it (spec 3), then goes to the location confirmation (spec 2).
 */
export const useStartRequest = (): { start: (physicianId?: string | null) => void; dialog: ReactNode } => {
  const navigate = useNavigate();
  const { request, update } = useConsultationRequest();
  const [asking, setAsking] = useState(false);

  const start = (physicianId?: string | null) => {
    const next = update({ physicianId: physicianId ?? null });
    if (next.requiresSelfAssessment && !next.selfAssessment) {
      setAsking(true);
      return;
    }
    void navigate(LOCATION_FORM_PATH);
  };

  const handleDone = (selfAssessment: SelfAssessment) => {
    update({ selfAssessment });
    setAsking(false);
    void navigate(LOCATION_FORM_PATH);
  };

  const dialog = <SelfAssessmentDialog open={asking} topicId={request.topicId} defaultReason={request.reason} onCancel={() => setAsking(false)} onDone={handleDone} />;
  return { start, dialog };
};
