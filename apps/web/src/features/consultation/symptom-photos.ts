import { CHAT } from '@puente/domain';
import { uploadAttachment } from '@/features/chat';

/** spec 3 selfAssessment: up to this many photos, sent as the chat's symptom attachments. */
export const MAX_SYMPTOM_PHOTOS = 3;

/**
 * The self-assessment's photos, held in memory (files cannot go to local storage with the rest of
 * the request) until the appointment exists: then they go into its chat as attachments of type
 * symptoms, so the clinicians see them beside the call. A reload before that loses them.
 */
let pending: File[] = [];

export const setPendingSymptomPhotos = (files: readonly File[]): void => {
  pending = files.filter((f) => f.type.startsWith('image/') && f.size > 0 && f.size <= CHAT.attachmentMaxBytes).slice(0, MAX_SYMPTOM_PHOTOS);
};

export const takePendingSymptomPhotos = (): File[] => {
  const files = pending;
  pending = [];
  return files;
};

/** Uploads the held photos into the appointment's chat; answers how many were refused. */
export const uploadSymptomPhotos = async (appointmentId: string, files: readonly File[]): Promise<number> => {
  const results = await Promise.allSettled(files.map((file) => uploadAttachment(appointmentId, { file, type: 'symptoms', clientMessageId: crypto.randomUUID() })));
  return results.filter((r) => r.status === 'rejected').length;
};
