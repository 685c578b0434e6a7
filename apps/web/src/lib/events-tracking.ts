import type { TrackedEventName, TrackedProperties } from '@puente/contracts';
import { EVENTS_TRACKING_DB } from '@puente/domain';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The local event log the hidden /et page reads (spec 000 §3 "Tracked event (local database
 * events-tracking, version 1): uid (timestamp), data.event, data.properties"; spec 001 §9 "date
 * key yyyyMMdd"). One object store keyed by uid, with an index on the day, so a version bump is
 * never needed to add a day.
 */
export const EVENTS_DB = { ...EVENTS_TRACKING_DB, store: 'events', dateIndex: 'date' } as const;
/** Days of events kept on the device (not in the spec; a week is enough to debug a journey). */
export const EVENTS_KEEP_DAYS = 7;

export interface TrackedEventRecord {
  /** The time it was tracked, in ms (bumped by 1 ms when two events share a millisecond). */
  uid: number;
  /** The local day, yyyyMMdd. */
  date: string;
  data: { event: TrackedEventName; properties: TrackedProperties };
}

interface EventsDb extends DBSchema {
  events: { key: number; value: TrackedEventRecord; indexes: { date: string } };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
/** yyyyMMdd of a time, on the device's calendar. */
export const dateKey = (time: Date | number): string => {
  const d = new Date(time);
  return `${pad(d.getFullYear(), 4)}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;
};

let dbPromise: Promise<IDBPDatabase<EventsDb>> | null = null;
const openEventsDb = (): Promise<IDBPDatabase<EventsDb>> => {
  dbPromise ??= openDB<EventsDb>(EVENTS_DB.name, EVENTS_DB.version, {
    upgrade(db) {
      const store = db.createObjectStore(EVENTS_DB.store, { keyPath: 'uid' });
      store.createIndex(EVENTS_DB.dateIndex, 'date');
    },
  });
  return dbPromise;
};

/** Tests delete the database between cases: forget the open connection. */
export const closeEventsDbForTests = async (): Promise<void> => {
  const db = await dbPromise?.catch(() => null);
  db?.close();
  dbPromise = null;
};

const hasIndexedDb = (): boolean => typeof indexedDB !== 'undefined';

let lastUid = 0;
/** Stores one event under today's date key; older days beyond EVENTS_KEEP_DAYS are dropped. */
export async function storeTrackedEvent(event: TrackedEventName, properties: TrackedProperties, now = Date.now()): Promise<TrackedEventRecord | null> {
  if (!hasIndexedDb()) return null;
  const db = await openEventsDb();
  const tx = db.transaction(EVENTS_DB.store, 'readwrite');
  let uid = Math.max(now, lastUid + 1);
  while (await tx.store.getKey(uid)) uid += 1;
  lastUid = uid;
  const record: TrackedEventRecord = { uid, date: dateKey(now), data: { event, properties } };
  await tx.store.add(record);
  const oldest = dateKey(now - EVENTS_KEEP_DAYS * 86_400_000);
  for (let cursor = await tx.store.index(EVENTS_DB.dateIndex).openCursor(IDBKeyRange.upperBound(oldest, true)); cursor; cursor = await cursor.continue()) {
    await cursor.delete();
  }
  await tx.done;
  return record;
}

/** One day's events (yyyyMMdd), newest first. */
export async function readTrackedEvents(date: string): Promise<TrackedEventRecord[]> {
  if (!hasIndexedDb()) return [];
  const db = await openEventsDb();
  const rows = await db.getAllFromIndex(EVENTS_DB.store, EVENTS_DB.dateIndex, date);
  return rows.sort((a, b) => b.uid - a.uid);
}

/** The days that have events, newest first. */
export async function readTrackedDates(): Promise<string[]> {
  if (!hasIndexedDb()) return [];
  const db = await openEventsDb();
  const dates = new Set<string>();
  for (let cursor = await db.transaction(EVENTS_DB.store).store.index(EVENTS_DB.dateIndex).openKeyCursor(null, 'prevunique'); cursor; cursor = await cursor.continue()) {
    dates.add(cursor.key);
  }
  return [...dates];
}
