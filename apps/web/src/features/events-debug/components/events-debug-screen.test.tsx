import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { closeEventsDbForTests, dateKey, EVENTS_DB, readTrackedEvents, storeTrackedEvent } from '@/lib/events-tracking';
import { track } from '@/lib/track';
import { installFakeFetch, member } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

afterEach(async () => {
  await closeEventsDbForTests();
  await new Promise<void>((resolve) => {
    const req = indexedDB.deleteDatabase(EVENTS_DB.name);
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
});

const acceptEvents = () => installFakeFetch((call) => (call.url === '/api/interactions/event' ? { status: 200, body: { id: crypto.randomUUID(), kept: {} } } : undefined));

describe('the events-tracking store', () => {
  it('is the IndexedDB database "events-tracking", version 1, keyed by uid with a yyyyMMdd date', async () => {
    const at = new Date(2026, 10, 23, 9, 30).getTime();
    await storeTrackedEvent('login_started', { language: 'es' }, at);
    const raw = await openDB(EVENTS_DB.name);
    expect(raw.version).toBe(1);
    expect(await raw.getAll('events')).toEqual([{ uid: at, date: '20261123', data: { event: 'login_started', properties: { language: 'es' } } }]);
    raw.close();
    expect(dateKey(new Date(2026, 0, 5))).toBe('20260105');
  });

  it('two events in the same millisecond both stay; days older than a week are dropped', async () => {
    const day = new Date(2026, 10, 23, 12).getTime();
    await storeTrackedEvent('login_started', {}, day - 8 * 86_400_000);
    await storeTrackedEvent('login_started', {}, day);
    await storeTrackedEvent('phone_code_requested', {}, day);
    expect((await readTrackedEvents('20261123')).map((e) => e.data.event)).toEqual(['phone_code_requested', 'login_started']);
    expect(await readTrackedEvents(dateKey(day - 8 * 86_400_000))).toEqual([]);
  });

  it('track() keeps only allow-listed properties, locally and on the wire', async () => {
    const { calls } = acceptEvents();
    // A caller passing personal data by mistake (outside the type) never gets it stored or sent.
    await track('consultation_requested', { practice: 'health', allergies: 'penicillin', firstName: 'Ana' } as never);
    const [stored] = await readTrackedEvents(dateKey(Date.now()));
    expect(stored!.data).toEqual({ event: 'consultation_requested', properties: { practice: 'health' } });
    const sent = calls.find((c) => c.url === '/api/interactions/event')!;
    expect(sent.body).toMatchObject({ event: 'consultation_requested', properties: { practice: 'health' } });
    expect(JSON.stringify(sent.body)).not.toMatch(/penicillin|Ana/);
    // Free text through an allowed name drops the properties, not the event.
    await track('login_started', { outcome: 'me duele la cabeza' });
    expect(calls.filter((c) => c.url === '/api/interactions/event').at(-1)!.body).toMatchObject({ event: 'login_started', properties: {} });
  });
});

describe('/et, the hidden events page', () => {
  it('lists today\'s events, newest first, and shows a new one within a second (es)', async () => {
    acceptEvents();
    await track('language_selected', { language: 'es' });
    renderApp('/et', { language: 'es' });
    expect(await screen.findByRole('heading', { name: 'Eventos registrados' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('events-debug-count').textContent).toBe('1 evento'));
    expect(screen.getAllByTestId('tracked-event')[0]!.textContent).toContain('language_selected');
    await act(async () => {
      await track('phone_code_requested', { phoneCountryCode: '52' });
    });
    await waitFor(() => expect(screen.getByTestId('events-debug-count').textContent).toBe('2 eventos'), { timeout: 2500 });
    const [newest] = screen.getAllByTestId('tracked-event');
    expect(newest!.textContent).toContain('phone_code_requested');
    expect(newest!.textContent).toContain('"phoneCountryCode":"52"');
    expect(screen.getByTestId('events-debug-day')).toBeTruthy();
  });

  it('en, signed in with terms pending: the page shows no modal (spec 2), only the list', async () => {
    window.localStorage.setItem('sessionToken', 'st_1');
    installFakeFetch((call) => (call.url === '/api/graphql' ? { status: 200, body: { data: { getMember: member({ agreedTosAt: null }) } } } : undefined));
    renderApp('/et', { language: 'en' });
    expect(await screen.findByRole('heading', { name: 'Tracked events' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('events-debug-count').textContent).toBe('0 events'));
    // The terms dialog would open on any other screen for this member.
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByTestId('terms-dialog')).toBeNull();
    expect(within(screen.getByTestId('events-debug-screen')).queryAllByTestId('tracked-event')).toHaveLength(0);
  });
});
