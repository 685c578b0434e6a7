import { outboxResponseSchema, SCHEDULING_GQL } from '@puente/contracts';
import { createMember, createPhysician, createSessionFor, graphql, openSocket, request, startTestServer, type TestServer, type TestSocket } from '@puente/api/test';
import { APPOINTMENT_STATE as S } from '@puente/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAppointment, waitForRemoteVideo, watch } from './call-harness';
import { signedInPage, snap, withBrowser } from './harness';

// Issue 13 "Tests that prove it": in es and en, a member books a slot with a coach on the coach's
// week calendar, reschedules it through the same flow, receives the confirmation and the join
// reminder in the outbox (the server's clock is moved to 4 minutes before the start, and so are the
// browsers'), enters from the home card, the coach accepts the live (scheduled) consultation on her
// dashboard in a second browser, both hold the call (fake camera and microphone, video both ways),
// and the coach ends it from her consultation; another member cancels by the texted link.

let server: TestServer;
let coach: { id: string; token: string };
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
  const row = await createPhysician(server.server, { practice: 'mentalhealth', languages: ['es', 'en'], isAvailable: true, user: { firstName: 'Lucía', lastName: 'Calendario' } });
  coach = { id: row.id, token: (await createSessionFor(server.server, row.id)).sessionToken };
  // Every day, all day, so the journey runs whatever the day and hour.
  const put = await request(server.url, `/api/physicians/${coach.id}/calendar`, {
    method: 'PUT',
    token: coach.token,
    body: { timeZone: 'America/Mexico_City', slotMinutes: 45, weekdays: [0, 1, 2, 3, 4, 5, 6], hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, starts: '00:00', ends: '23:59' })) },
  });
  expect(put.status).toBe(200);
  // The coach is online (her dashboard is open) to take the consultation when the member joins.
  sockets.push(await openSocket(server.url, coach.token));
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.close();
});

const outbox = async (to: string) => outboxResponseSchema.parse((await request(server.url, `/api/dev/outbox?to=${encodeURIComponent(to)}`)).body).messages;
const runDue = () => server.server.services.scheduling.runDue();
const appointment = (id: string) => readAppointment(server, id);
/** The state the physician's consultation screen shows (the chip's data-state). */
const shownState = (page: Page): Promise<string | null> => page.getByTestId('appointment-state').getAttribute('data-state');

/** From the topic choice to a slot on the coach's week calendar (`day`: tab index, 0 today). */
async function pickSlot(page: Page, day: number): Promise<void> {
  await page.getByTestId('schedule-mental').click();
  await page.waitForURL('**/agenda/seleccionar-coach');
  await page.getByTestId('schedule-coach').click();
  await page.waitForURL('**/ondemand-perfil-coach/**');
  await page.getByRole('tab').nth(day).click();
  // The times are told in her current zone; she may see them in the coach's (Mexico City) instead.
  await page.getByTestId('coach-slots-zone').waitFor();
  if (day === 1) await snap(page, `coach-profile-slots-${await page.evaluate(() => document.documentElement.lang)}`);
  await page.getByTestId('coach-slot').first().click();
  await page.waitForURL('**/agenda/confirmacion-cita');
  await expect.poll(() => page.getByTestId('schedule-confirm-coach').textContent()).toContain('Lucía');
}

const TEXT = {
  es: { success: '¡Tu cita quedó agendada!', moved: '¡Tu cita cambió de fecha!', confirmation: 'quedó agendada', join: 'empieza en 5 minutos' },
  en: { success: 'Your appointment is scheduled!', moved: 'Your appointment was rescheduled!', confirmation: 'is scheduled for', join: 'starts in 5 minutes' },
} as const;

describe.each(['es', 'en'] as const)('scheduling journey (%s)', (lang) => {
  // The long journeys run in one language each (every screen is checked by axe in both anyway, and
  // the texted messages' languages are the API tests'): booking to the call in Spanish, the
  // support cancellation in English; the texted cancel link in both.
  const onceIn = (only: typeof lang) => (lang === only ? it : () => undefined) as typeof it;
  onceIn('es')('books, reschedules, gets the confirmation and the reminder, enters at the start; the coach accepts on her dashboard and they hold the call, which ends through the UI', { timeout: 300_000 }, async () => {
    const phone = `+5255${String(Math.floor(Math.random() * 90_000_000) + 10_000_000)}`;
    const member = await createMember(server.server, { firstName: 'Ana', lastName: 'Agenda', phoneNumber: phone, countryCode: '52', preferredLang: lang, email: `ana.${lang}.${Date.now()}@example.com`, address: { country: 'MX', state: 'CDMX', city: 'Ciudad de México' } });
    const token = (await createSessionFor(server.server, member.id)).sessionToken;
    const start = server.clock.now();
    try {
      // The member's phone has a (fake) camera and microphone: she holds the call in this browser.
      await withBrowser(
        async (ctx) => {
          const page = watch(await signedInPage(ctx, token, { language: lang }), `member-${lang}`);
          await page.goto(`${server.url}/agenda/seleccionar-tema`);
          await pickSlot(page, 1);
          await page.getByTestId('schedule-confirm-button').click();
          await page.waitForURL('**/agenda/exito');
          await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(TEXT[lang].success);
          await snap(page, `schedule-success-${lang}`);
          await page.getByTestId('schedule-success-continue').click();
          await page.waitForURL('**/consulta-agendada');

          await runDue();
          expect((await outbox(phone)).some((m) => m.body.includes(TEXT[lang].confirmation))).toBe(true);
          expect((await outbox(member.email!)).some((m) => m.body.includes('METHOD:REQUEST') && m.body.includes('SEQUENCE:0'))).toBe(true);

          // Reschedule from the home card, through the same flow.
          await page.goto(`${server.url}/inicio`);
          await page.getByTestId('scheduled-card-reschedule').click();
          await page.waitForURL('**/agenda/seleccionar-tema');
          await pickSlot(page, 2);
          await page.getByTestId('schedule-confirm-button').click();
          await page.waitForURL('**/agenda/exito');
          await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(TEXT[lang].moved);
          await runDue();
          expect((await outbox(member.email!)).some((m) => m.body.includes('SEQUENCE:1'))).toBe(true);

          const mine = (await request(server.url, '/api/scheduled-appointments/mine', { token })).body as { scheduledAppointments: { id: string; startDate: string }[] };
          expect(mine.scheduledAppointments).toHaveLength(1);
          const booked = mine.scheduledAppointments[0]!;

          // 4 minutes before the start, on the server and in both browsers: the join link is texted once.
          const before = new Date(Date.parse(booked.startDate) - 4 * 60_000);
          server.clock.set(before);
          await runDue();
          await runDue();
          const joins = (await outbox(phone)).filter((m) => m.body.includes(TEXT[lang].join));
          expect(joins).toHaveLength(1);
          expect(joins[0]!.body).toContain(booked.id);
          await page.clock.setSystemTime(before);

          // Looking for an on-demand coach now sends her home with the notice (spec 000 §4, 001 §8).
          await page.goto(`${server.url}/consulta/coaches-disponibles`);
          await page.waitForURL('**/inicio');
          await page.getByTestId('has-scheduled-appointment').waitFor();
          await snap(page, `home-has-scheduled-${lang}`);

          // The coach's dashboard (desktop, her session of that day: the clock moved days ahead).
          const coachToken = (await createSessionFor(server.server, coach.id)).sessionToken;
          await withBrowser(
            async (coachCtx) => {
              const coachPage = watch(await signedInPage(coachCtx, coachToken, { language: lang }), `coach-${lang}`);
              await coachPage.clock.setSystemTime(before);
              await coachPage.goto(`${server.url}/dashboard`);
              await expect.poll(() => coachPage.getByTestId('upcoming-scheduled-item').first().textContent()).toContain('Ana');
              await snap(coachPage, `coach-upcoming-scheduled-${lang}`);

              // ---- The member taps "Enter consultation" on her home card -----------------------
              await page.goto(`${server.url}/inicio`);
              await expect.poll(() => page.getByTestId('scheduled-card').getAttribute('data-bucket')).toBe('in-five-minutes');
              await snap(page, `scheduled-card-enter-${lang}`);
              await page.getByTestId('scheduled-card-enter').click();
              await page.waitForURL('**/consulta/video-llamada');
              const after = (await request(server.url, '/api/scheduled-appointments/mine', { token })).body as { scheduledAppointments: { appointmentId: string | null; status: string }[] };
              expect(after.scheduledAppointments[0]!.status).toBe('in-progress');
              const liveId = after.scheduledAppointments[0]!.appointmentId!;
              // The prejoin (fake camera and microphone), her location, then the waiting room.
              await page.getByTestId('call-step-location').waitFor();
              await page.getByTestId('call-location-confirm').click();
              await expect.poll(() => page.getByTestId('waiting-room').getAttribute('data-room')).toBe('wr-one');
              await snap(page, `scheduled-waiting-room-${lang}`);

              // ---- The coach accepts the live (scheduled) consultation on her dashboard ---------
              const card = coachPage.getByTestId(`request-card-${liveId}`);
              await card.waitFor({ timeout: 15_000 });
              expect(await card.textContent()).toContain('Ana');
              await card.getByTestId('accept-request').click();
              await coachPage.waitForURL(`**/dashboard/consulta/${liveId}`);
              await expect.poll(() => shownState(coachPage), { timeout: 15_000 }).toBe(S.S3_COACH_JOINS_CALL);
              const live = await appointment(liveId);
              expect(live).toMatchObject({ type: 'scheduled', mx_doctor_id: coach.id });

              // ---- Both are in the call: video flows both ways ---------------------------------
              await page.getByTestId('enter-consultation').click({ timeout: 15_000 });
              await page.getByTestId('call-room').waitFor();
              await coachPage.getByTestId('join-video-call').click();
              await coachPage.waitForURL(`**/consulta/video-llamada?appointmentId=${liveId}`);
              await coachPage.getByTestId('call-room').waitFor();
              await waitForRemoteVideo(page, 1);
              await waitForRemoteVideo(coachPage, 1);
              await snap(page, `scheduled-call-${lang}`);

              // ---- The coach ends the call from her consultation; the member goes to the survey -
              await coachPage.getByTestId('call-back-to-dashboard').click();
              await coachPage.waitForURL(`**/dashboard/consulta/${liveId}`);
              await coachPage.getByTestId('finish-call').click();
              // Issue 11: ending the call is confirmed first.
              await coachPage.getByTestId('end-call-dialog-confirm').click();
              await page.waitForURL(`**/consulta/survey/${liveId}`, { timeout: 15_000 });
              await page.getByTestId('survey-screen').waitFor();
              // Without a US doctor the coach's finished call closes the consultation (4, then 11),
              // and the booking is finished with it: the home card is gone.
              await expect.poll(() => shownState(coachPage), { timeout: 15_000 }).toBe(S.S11_FINISHED);
              expect(await appointment(liveId)).toMatchObject({ state: S.S11_FINISHED, status: 'finished', type: 'scheduled' });
              const done = (await request(server.url, `/api/scheduled-appointments/${booked.id}`, { token })).body as { status: string };
              expect(done.status).toBe('finished');
            },
            { media: true, viewport: { width: 1280, height: 900 }, locale: lang === 'en' ? 'en-US' : 'es-MX' },
          );
        },
        { media: true, locale: lang === 'en' ? 'en-US' : 'es-MX' },
      );
    } finally {
      server.clock.set(start);
    }
  });

  onceIn('en')('a booking with a US-physician coach (no calendar) is cancelled through a support message', async () => {
    const doctor = await createPhysician(server.server, { userType: 'us-physician', languages: ['es', 'en'], user: { firstName: 'Emily', lastName: 'Soporte' } });
    const admin = await createMember(server.server, { userType: 'admin', firstName: 'Admin', preferredLang: lang });
    const adminToken = (await createSessionFor(server.server, admin.id)).sessionToken;
    const member = await createMember(server.server, { firstName: 'Eva', phoneNumber: `+5255${String(Math.floor(Math.random() * 90_000_000) + 10_000_000)}`, countryCode: '52', preferredLang: lang });
    const token = (await createSessionFor(server.server, member.id)).sessionToken;
    // Support books it for her (US doctors have no calendar to book from).
    const startDate = new Date(Math.ceil((Date.now() + 3 * 86_400_000) / 3_600_000) * 3_600_000).toISOString();
    const booked = await graphql<{ scheduleAppointment: { id: string } }>(server.url, SCHEDULING_GQL.scheduleAppointment, { input: { physicianId: doctor.id, memberId: member.id, language: lang, startDate, timezone: 'America/Mexico_City' } }, adminToken);
    expect(booked.body.errors).toBeUndefined();
    await withBrowser(async (ctx) => {
      const page = await signedInPage(ctx, token, { language: lang });
      await page.goto(`${server.url}/inicio`);
      await page.getByTestId('scheduled-card-cancel').click();
      await page.getByTestId('scheduled-support-dialog').waitFor();
      await snap(page, `scheduled-support-dialog-${lang}`);
      await page.getByTestId('scheduled-support-confirm').click();
      await page.getByTestId('toast').waitFor();
    });
    const inbox = (await request(server.url, '/api/admin/support/requests', { token: adminToken })).body as { requests: { memberId: string; items: { helpTopic: string } }[] };
    expect(inbox.requests.filter((r) => r.memberId === member.id)).toEqual([expect.objectContaining({ items: expect.objectContaining({ helpTopic: 'consultation' }) })]);
    const still = (await request(server.url, `/api/scheduled-appointments/${booked.body.data!.scheduleAppointment.id}`, { token })).body as { state: string };
    expect(still.state).toBe('scheduled');

    // The admin opens the coaches' calendars and edits the coach's (desktop).
    await withBrowser(
      async (ctx) => {
        const page = await signedInPage(ctx, adminToken, { language: lang });
        await page.goto(`${server.url}/admin`);
        await page.getByTestId('admin-dead-letters').waitFor();
        await page.getByTestId('admin-nav-adminCalendars').click();
        await page.waitForURL('**/admin/calendarios');
        await page.getByTestId('admin-calendars-coach').click();
        await page.getByTestId(`admin-calendars-coach-${coach.id}`).click();
        await expect.poll(() => page.getByTestId('calendar-hours-row').count()).toBe(7);
        await snap(page, `admin-calendars-${lang}`);
        const form = page.getByTestId('calendar-exception-form');
        const when = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
        await form.locator('input[type="datetime-local"]').nth(0).fill(`${when}T09:00`);
        await form.locator('input[type="datetime-local"]').nth(1).fill(`${when}T10:00`);
        await page.getByTestId('calendar-exception-add').click();
        await expect.poll(() => page.getByTestId('calendar-exception').count()).toBe(1);
        await page.getByTestId('calendar-exception').getByRole('button').click();
        await expect.poll(() => page.getByTestId('calendar-exception').count()).toBe(0);
      },
      { viewport: { width: 1280, height: 900 }, locale: lang === 'en' ? 'en-US' : 'es-MX' },
    );
  });

  it('another member cancels by the texted link', async () => {
    const phone = `+5255${String(Math.floor(Math.random() * 90_000_000) + 10_000_000)}`;
    const member = await createMember(server.server, { firstName: 'Rosa', phoneNumber: phone, countryCode: '52', preferredLang: lang });
    const token = (await createSessionFor(server.server, member.id)).sessionToken;
    const slots = (await request(server.url, `/api/physicians/${coach.id}/slots?from=${new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)}&timeZone=UTC`, { token })).body as { slots: Record<string, string[]> };
    const startDate = Object.values(slots.slots)[0]![lang === 'es' ? 3 : 5]!;
    const booked = await graphql<{ scheduleAppointment: { id: string } }>(server.url, SCHEDULING_GQL.scheduleAppointment, { input: { physicianId: coach.id, language: lang, startDate, timezone: 'America/Mexico_City' } }, token);
    expect(booked.body.errors).toBeUndefined();
    await runDue();
    const texted = (await outbox(phone)).map((m) => /https?:\/\/\S*\/cancel-confirmation-link\?\S+/.exec(m.body)?.[0]).find(Boolean)!;
    const link = new URL(texted);
    expect(link.searchParams.get('lang')).toBe(lang);
    await withBrowser(async (ctx) => {
      const page = await ctx.newPage();
      await page.goto(`${server.url}${link.pathname}${link.search}`);
      await page.getByTestId('cancel-link-details').waitFor();
      await snap(page, `cancel-link-${lang}`);
      await page.getByTestId('cancel-link-cancel').click();
      await page.getByTestId('cancel-link-canceled').waitFor();
    });
    const mine = (await request(server.url, '/api/scheduled-appointments/mine', { token })).body as { scheduledAppointments: unknown[] };
    expect(mine.scheduledAppointments).toHaveLength(0);
  });
});
