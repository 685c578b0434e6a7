import { SCHEDULED_BLOCKS_ON_DEMAND_MS } from '@puente/domain';
import type { Clock } from '../../lib/clock';
import type { InvalidationBus } from '../../lib/invalidation-bus';
import type { SchedulingRepository } from './scheduling.repository';

const SOON_CACHE_MS = 15_000;

/**
 * spec 001 §8: whether a member has a live scheduled appointment starting within
 * SCHEDULED_BLOCKS_ON_DEMAND_MS (or started and not ended): the online coaches call refuses her.
 * Members' live bookings starting soon are read in one query and kept SOON_CACHE_MS (clock time),
 * so the online coaches poll (every 4 s per waiting member) costs no query of its own. Dropped
 * on every booking change, on every node (the invalidation bus), else within SOON_CACHE_MS.
 */
export class ScheduledSoon {
  private soon: { at: number; byMember: Map<string, { start: number; end: number }[]> } | undefined;

  constructor(private readonly deps: { repository: SchedulingRepository; clock: Clock; bus?: InvalidationBus }) {
    // A booking changed on any node drops `soon` on every node (issue 16: caches across nodes).
    deps.bus?.subscribe('scheduled', () => (this.soon = undefined));
    deps.bus?.onResync(() => (this.soon = undefined));
  }

  /** A booking was made, moved, cancelled or finished: drop the cache here and on every node. */
  bookingsChanged(): void {
    this.soon = undefined;
    this.deps.bus?.publish('scheduled');
  }

  /** The cached bookings if read less than SOON_CACHE_MS ago (a clock moved back reads again). */
  private fresh(now: number): ScheduledSoon['soon'] {
    const soon = this.soon;
    return soon && now - soon.at < SOON_CACHE_MS && now >= soon.at ? soon : undefined;
  }

  /** hasScheduledSoon's answer when the bookings it reads are in memory and fresh; else undefined. */
  hasScheduledSoonNow(memberId: string): boolean | undefined {
    const now = this.deps.clock.now().getTime();
    const soon = this.fresh(now);
    return soon && startsSoon(soon.byMember.get(memberId), now);
  }

  async hasScheduledSoon(memberId: string): Promise<boolean> {
    const now = this.deps.clock.now().getTime();
    let soon = this.fresh(now);
    if (!soon) {
      const rows = await this.deps.repository.liveStartingBefore(new Date(now), new Date(now + SCHEDULED_BLOCKS_ON_DEMAND_MS + SOON_CACHE_MS));
      const byMember = new Map<string, { start: number; end: number }[]>();
      for (const r of rows) byMember.set(r.memberId, [...(byMember.get(r.memberId) ?? []), { start: r.startDate.getTime(), end: r.endDate.getTime() }]);
      soon = this.soon = { at: now, byMember };
    }
    return startsSoon(soon.byMember.get(memberId), now);
  }
}

const startsSoon = (bookings: { start: number; end: number }[] | undefined, now: number): boolean =>
  (bookings ?? []).some((b) => b.start - now <= SCHEDULED_BLOCKS_ON_DEMAND_MS && b.end > now);
