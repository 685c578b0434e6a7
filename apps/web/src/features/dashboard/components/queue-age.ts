/**
 * issue 11: the queue age. A coach counts from the member's request; a US doctor from the coach's
 * handoff (the escalation), falling back to the last change when no handoff time is known.
 */
export const queueAgeSince = (kind: 'request' | 'escalation', times: { createdAt: string; updatedAt: string; escalatedAt: string | null | undefined }): string =>
  kind === 'escalation' ? (times.escalatedAt ?? times.updatedAt) : times.createdAt;

/** Whole minutes from `iso` to `now` (never negative: clocks differ a little). */
export const minutesSince = (iso: string, now: number): number => Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
