import { historyPageSchema, RECORD_PATHS, type HistoryPage } from '@puente/contracts';
import { HISTORY_PAGE_SIZE } from '@puente/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { recordKeys } from './query-keys';

/** The path of one page of the history (the first when `cursor` is null). */
export const historyPagePath = (cursor: string | null): string => `${RECORD_PATHS.history}?limit=${HISTORY_PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

/** GET /api/records/history: one page of the member's consultations, newest first (getAppointmentsHistory, paged). */
export const getHistoryPage = (cursor: string | null): Promise<HistoryPage> => apiRequest(historyPagePath(cursor), { schema: historyPageSchema });

export const useHistoryPages = () =>
  useInfiniteQuery({
    queryKey: recordKeys.history(),
    queryFn: ({ pageParam }) => getHistoryPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
