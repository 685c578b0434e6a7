import { PHYSICAL_HEALTH_TOPIC, type Language } from '@puente/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { readConsultationRequest, writeConsultationRequest, type ConsultationRequest } from '../consultation-request';

/**
 * The request as chosen on home, or, when the member came straight here, the physical-health topic
 * as its tile on home would have written it, in her language (its title, its reason, its
 * self-assessment).
 */
export const requestOrDefault = (language: Language): ConsultationRequest =>
  readConsultationRequest() ?? {
    topicId: PHYSICAL_HEALTH_TOPIC.id,
    topicText: PHYSICAL_HEALTH_TOPIC.title[language],
    practice: PHYSICAL_HEALTH_TOPIC.practice,
    tags: PHYSICAL_HEALTH_TOPIC.tags,
    reason: PHYSICAL_HEALTH_TOPIC.reason[language],
    requiresSelfAssessment: PHYSICAL_HEALTH_TOPIC.requiresSelfAssessment,
  };

export const useConsultationRequest = () => {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const [request, setRequest] = useState<ConsultationRequest>(() => requestOrDefault(language));
  const update = (patch: Partial<ConsultationRequest>): ConsultationRequest => {
    // Read what is stored: another screen part may have changed the request meanwhile.
    const next = { ...(readConsultationRequest() ?? request), ...patch };
    writeConsultationRequest(next);
    setRequest(next);
    return next;
  };
  return { request, language, update };
};
