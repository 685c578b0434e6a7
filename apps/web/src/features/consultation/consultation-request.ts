import type { Language, Practice, SelfAssessment } from '@puente/domain';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/**
 * What the member chose on home (the topic) and along the request (coach, self-assessment), until
 * the appointment is created. Home writes it and the consultation screens read it, so it lives here
 * rather than in either feature. Kept under the spec's `rdx-temas` key (spec 3 local storage).
 */
export interface ConsultationRequest {
  topicId: string;
  topicText: string;
  practice: Practice;
  /** spec 3: tags (default practice_health), sent to GET online-physicians. */
  tags: string;
  /** spec 3: reason (default 'Otra preocupación médica'). */
  reason: string;
  requiresSelfAssessment: boolean;
  subtopicId?: string | null;
  subtopicText?: string | null;
  /** The coach picked on the list or profile, if any. */
  physicianId?: string | null;
  selfAssessment?: SelfAssessment | null;
  /** The language filter chosen on the coaches list: the consultation's language. */
  language?: Language | null;
}

export const readConsultationRequest = (): ConsultationRequest | null => {
  const raw = readStorage(STORAGE_KEYS.topics);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as ConsultationRequest;
    return typeof value.topicId === 'string' && typeof value.practice === 'string' ? value : null;
  } catch {
    return null;
  }
};

export const writeConsultationRequest = (request: ConsultationRequest): void => writeStorage(STORAGE_KEYS.topics, JSON.stringify(request));

export const updateConsultationRequest = (patch: Partial<ConsultationRequest>): void => {
  const current = readConsultationRequest();
  if (current) writeConsultationRequest({ ...current, ...patch });
};

export const clearConsultationRequest = (): void => removeStorage(STORAGE_KEYS.topics);
