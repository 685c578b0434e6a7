import { APP_VERSION, CLIENT_NAME, type AttachmentType } from '@puente/domain';
import { attachmentResponseSchema, CHAT_PATHS, type ChatMessageDto } from '@puente/contracts';
import { ApiRequestError, CLIENT_HEADERS, toApiError } from '@/lib/api-client';
import { getDeviceId } from '@/lib/device-id';
import { getSessionToken } from '@/lib/session';

/**
 * POST the file as multipart (the api client speaks JSON only). The server checks the bytes;
 * a refusal comes back in the one error shape (INVALID_DATA with fields.file).
 */
export async function uploadAttachment(conversationId: string, input: { file: File; type: AttachmentType; clientMessageId: string }): Promise<ChatMessageDto> {
  const form = new FormData();
  form.set('type', input.type);
  form.set('clientMessageId', input.clientMessageId);
  form.set('file', input.file, input.file.name);
  const token = getSessionToken();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [CLIENT_HEADERS.version]: APP_VERSION,
    [CLIENT_HEADERS.client]: CLIENT_NAME,
    [CLIENT_HEADERS.deviceId]: getDeviceId(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(CHAT_PATHS.attachments(conversationId), { method: 'POST', body: form, headers });
  } catch {
    throw new ApiRequestError({ code: 'UNKNOWN_ERROR', status: 0, message: 'Internal Error' }, { isNetworkError: true, authenticated: token !== null });
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toApiError(response.status, payload, token !== null);
  return attachmentResponseSchema.parse(payload).message;
}
