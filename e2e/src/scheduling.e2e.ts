import { APPOINTMENT_GQL, outboxResponseSchema, SCHEDULING_GQL } from '@puente/contracts';
import { createMember, createPhysician, createSessionFor, graphql, openSocket, request, startTestServer, type TestServer, type TestSocket } from '@puente/api/test';
import type { Language } from '@puente/domain';
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snap, withBrowser } from './harness';

// Issue 13 "Tests that prove it": in es and en, a member books a slot with a coach on the coach's
// week calendar, reschedules it through the same flow, receives the confirmation and the join
// reminder in the outbox (the server's clock is moved to 4 minutes before the start, and so is the
// browser's), enters from the home card, and the coach accepts the live (scheduled) consultation;
// another member cancels by the texted link.

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

async function signedIn(ctx: BrowserContext, token: string, lang: Language): Promise<Page> {
  await ctx.addInitScript(
    ([t, l]) => {
      if (sessionStorage.getItem('puente-e2e-init')) return;
      sessionStorage.setItem('puente-e2e-init', '1');
      localStorage.setItem('sessionToken', t);
      localStorage.setItem('language', l);
      localStorage.setItem('pre-onboarding-done', 'true');
    },
    [token, lang] as const,
  );
  return ctx.newPage();
}

/** From the topic choice to a slot on the coach's week calendar (`day`: tab index, 0 today). */
async function pickSlot(page: Page, day: number): Promise<void> {
  await page.getByTestId('schedule-mental').click();
  await page.waitForURL('**/agenda/seleccionar-coach');
  await page.getByTestId('schedule-coach').click();
  await page.waitForURL('**/ondemand-perfil-coach/**');
  await page.getByRole('tab').nth(day).click();
  await page.getByTestId('coach-slot').first().click();
  await page.waitForURL('**/agenda/confirmacion-cita');
  await expect.poll(() => page.getByTestId('schedule-confirm-coach').textContent()).toContain('Lucía');
}

const TEXT = {
  es: { success: '¡Tu cita quedó agendada!', moved: '¡Tu cita cambió de fecha!', confirmation: 'quedó agendada', join: 'empieza en 5 minutos' },
  en: { success: 'Your appointment is scheduled!', moved: 'Your appointment was rescheduled!', confirmation: 'is scheduled for', join: 'starts in 5 minutes' },
} as const;

describe.each(['es', 'en'] as const)('scheduling journey (%s)', (lang) => {
  it('books, reschedules, gets the confirmation and the reminder, joins at the start; the coach accepts', async () => {
    const phone = `+5255${String(Math.floor(Math.random() * 90_000_000) + 10_000_000)}`;
    const member = await createMember(server.server, { firstName: 'Ana', lastName: 'Agenda', phoneNumber: phone, countryCode: '52', preferredLang: lang, email: `ana.${lang}.${Date.now()}@example.com`, address: { country: 'MX', state: 'CDMX', city: 'Ciudad de México' } });
    const token = (await createSessionFor(server.server, member.id)).sessionToken;
    const start = server.clock.now();
    try {
      await withBrowser(async (ctx) => {
      const page = await signedIn(ctx, token, lang);
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

      // The coach sees the booking on her dashboard (desktop), with the member's first name.
      await withBrowser(
        async (coachCtx) => {
          const coachPage = await signedIn(coachCtx, coach.token, lang);
          await coachPage.goto(`${server.url}/dashboard`);
          await expect.poll(() => coachPage.getByTestId('upcoming-scheduled-item').first().textContent()).toContain('Ana');
          await snap(coachPage, `coach-upcoming-scheduled-${lang}`);
        },
        { viewport: { width: 1280, height: 900 } },
      );

      // 4 minutes before the start, on the server and in the browser: the join link is texted once.
      const before = new Date(Date.parse(booked.startDate) - 4 * 60_000);
      server.clock.set(before);
      await runDue();
      await runDue();
      const joins = (await outbox(phone)).filter((m) => m.body.includes(TEXT[lang].join));
      expect(joins).toHaveLength(1);
      expect(joins[0]!.body).toContain(booked.id);

      await page.clock.setFixedTime(before);
      // Looking for an on-demand coach now sends her home with the notice (spec 000 §4, 001 §8).
      await page.goto(`${server.url}/consulta/coaches-disponibles`);
      await page.waitForURL('**/inicio');
      await page.getByTestId('has-scheduled-appointment').waitFor();
      await snap(page, `home-has-scheduled-${lang}`);
      await page.goto(`${server.url}/inicio`);
      await expect.poll(() => page.getByTestId('scheduled-card').getAttribute('data-bucket')).toBe('in-five-minutes');
      await snap(page, `scheduled-card-enter-${lang}`);
      await page.getByTestId('scheduled-card-enter').click();
      await page.waitForURL('**/consulta/video-llamada');

      const after = (await request(server.url, '/api/scheduled-appointments/mine', { token })).body as { scheduledAppointments: { appointmentId: string | null; status: string }[] };
      const liveId = after.scheduledAppointments[0]!.appointmentId!;
      expect(after.scheduledAppointments[0]!.status).toBe('in-progress');
      // The coach's dashboard session of that day (the clock moved days ahead).
      const coachToken = (await createSessionFor(server.server, coach.id)).sessionToken;
      const accepted = await graphql<{ acceptAppointment: { state: string; type: string } }>(server.url, APPOINTMENT_GQL.acceptAppointment, { appointmentId: liveId }, coachToken);
      expect(accepted.body.errors).toBeUndefined();
      expect(accepted.body.data?.acceptAppointment).toMatchObject({ type: 'scheduled', state: '2-coach-is-reviewing' });
      // The consultation itself is the on-demand journeys'; end it so the coach is free for the next language.
      await server.server.database.db.execute(sql`update appointments set state = '11-finished' where id = ${liveId}`);
      });
    } finally {
      server.clock.set(start);
    }
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
