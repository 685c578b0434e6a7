import { useMutation } from '@tanstack/react-query';
import { ApiRequestError, CLIENT_HEADERS } from '@/lib/api-client';
import { getSessionToken } from '@/lib/session';

/**
 * GET /api/appointments/{id}/prescription-document (application/pdf; the member and the prescribing
 * doctor only). The session travels in the Authorization header, so the PDF is fetched and opened
 * from a blob address rather than linked to.
 */
export const prescriptionDocumentPath = (appointmentId: string): string => `/api/appointments/${encodeURIComponent(appointmentId)}/prescription-document`;

export const getPrescriptionDocument = async (appointmentId: string): Promise<Blob> => {
  const token = getSessionToken();
  const res = await fetch(prescriptionDocumentPath(appointmentId), {
    headers: { Accept: 'application/pdf', [CLIENT_HEADERS.client]: 'app', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    credentials: 'same-origin',
  });
  if (!res.ok) throw new ApiRequestError({ code: res.status === 404 ? 'NOT_FOUND' : 'UNKNOWN_ERROR', status: res.status, message: res.statusText });
  return res.blob();
};

/** Opens the signed prescription in a new tab (or downloads it where tabs are not allowed). */
export const useOpenPrescriptionDocument = () =>
  useMutation({
    mutationFn: async (appointmentId: string) => {
      const blob = await getPrescriptionDocument(appointmentId);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.target = '_blank';
      link.rel = 'noopener';
      link.download = `receta-${appointmentId}.pdf`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
