import { HARDCODED_TOPIC_IDS, TOPIC_DEFAULTS } from '@puente/domain';
import { useState } from 'react';
import { readConsultationRequest, writeConsultationRequest, type ConsultationRequest } from '../consultation-request';

/** The request as chosen on home, or the physical-health default when the member came straight here. */
export const requestOrDefault = (): ConsultationRequest =>
  readConsultationRequest() ?? {
    topicId: HARDCODED_TOPIC_IDS.physical,
    topicText: TOPIC_DEFAULTS.reason,
    practice: 'health',
    tags: TOPIC_DEFAULTS.tags,
    reason: TOPIC_DEFAULTS.reason,
    requiresSelfAssessment: false,
  };

export const useConsultationRequest = () => {
  const [request, setRequest] = useState<ConsultationRequest>(requestOrDefault);
  const update = (patch: Partial<ConsultationRequest>): ConsultationRequest => {
    // Read what is stored: another screen part may have changed the request meanwhile.
    const next = { ...(readConsultationRequest() ?? request), ...patch };
    writeConsultationRequest(next);
    setRequest(next);
    return next;
  };
  return { request, update };
};
