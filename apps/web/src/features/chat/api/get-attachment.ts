import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { getSessionToken } from '@/lib/session';

/** The attachment's bytes (participants only: the request carries the bearer token). */
export async function fetchAttachment(url: string): Promise<Blob> {
  const token = getSessionToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`attachment ${response.status}`);
  return response.blob();
}

/** An object URL for an attachment, revoked when no longer shown; error = the media load failure. */
export function useAttachmentUrl(url: string | undefined) {
  const query = useQuery({ queryKey: ['chat', 'attachment', url], queryFn: () => fetchAttachment(url!), enabled: !!url, staleTime: Infinity });
  const objectUrl = useMemo(() => (query.data ? URL.createObjectURL(query.data) : undefined), [query.data]);
  useEffect(() => () => (objectUrl ? URL.revokeObjectURL(objectUrl) : undefined), [objectUrl]);
  return { objectUrl, isError: query.isError, isLoading: query.isLoading };
}
