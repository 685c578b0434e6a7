import { createSessionFor, DEMO_LOGINS, type TestServer } from '@puente/api/test';
import { APPOINTMENT_STATE as S, findTransition, isWithinWorkingHours, type AppointmentState } from '@puente/domain';
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countCallEvents, remoteFrames, waitForRemoteVideo, watch } from './call-harness';
import { signedInPage, snap, startOnDemandServer, withBrowser } from './harness';

// Issue 4 "Tests that prove it": the on-demand journey in browsers, with the demo data. John Smith
// (member in California, English) asks for a coach; Daniel Rivera (coach, English, mental health)
// accepts on his dashboard and the member is routed into the call; Daniel requests a US doctor;
// Emily Carter (US doctor licensed in CA and TX) accepts the escalation on hers; the member is
// routed as spec 000 §4 says (waiting room two / SC038, back into the call, SC064 to the survey,
// then the appointment summary once the treatment is sent).

let server: TestServer;
beforeAll(async () => {
  server = await startOnDemandServer();
});
afterAll(async () => {
  await server?.close();
});

const STAFF_VIEWPORT = { width: 1280, height: 900 } as const;
const john = DEMO_LOGINS.find((l) => l.key === 'john')!;
const DANIEL_EMAIL = 'daniel.rivera@example.com';
const EMILY_EMAIL = 'emily.carter@example.com';

type Row = Record<string, unknown>;
const query = async (q: ReturnType<typeof sql>): Promise<Row[]> => ((await server.server.database.db.execute(q)) as unknown as { rows: Row[] }).rows;
const userIdByEmail = async (email: string): Promise<string> => String((await query(sql`select id from users where email = ${email}`))[0]!.id);
const appointmentRow = async (id: string): Promise<Row> => (await query(sql`select * from appointments where id = ${id}`))[0]!;
/** The appointment's path through the machine, from its recorded transitions (walked from the first state). */
const pathOfAppointment = async (id: string): Promise<string[]> => {
  // The test's clock stands still, so the events share one timestamp: follow from_state -> to_state.
  const events = await query(sql`select from_state, to_state from appointment_events where appointment_id = ${id}`);
  const next = new Map(events.map((e) => [String(e.from_state ?? ''), String(e.to_state)]));
  const targets = new Set(events.map((e) => String(e.to_state)));
  let at = [...next.keys()].find((from) => !targets.has(from)) ?? '';
  const path = [at];
  while (next.has(at) && path.length <= events.length) path.push((at = next.get(at)!));
  return path;
};

/**
 * A physician's dashboard, signed in with a session (the staff sign-in screens are staff-auth's
 * journey): online and available while it is open (the demo physicians are available).
 */
async function staffDashboard(ctx: BrowserContext, email: string, label: string): Promise<Page> {
  const { sessionToken } = await createSessionFor(server.server, await userIdByEmail(email));
  const page = watch(await signedInPage(ctx, sessionToken, { language: 'en' }), label);
  await page.goto(`${server.url}/dashboard`);
  await page.getByTestId('dashboard').waitFor();
  await expect.poll(() => page.getByTestId('availability-toggle').getAttribute('data-checked')).toBe('true');
  return page;
}

/** John on /inicio in English, signed in with a session (the phone sign-in is the login journey's). */
async function memberHome(ctx: BrowserContext): Promise<Page> {
  const { sessionToken } = await createSessionFor(server.server, String((await query(sql`select id from users where phone_number = ${john.phoneNumber}`))[0]!.id));
  const page = watch(await signedInPage(ctx, sessionToken, { language: 'en' }), 'john');
  await page.goto(`${server.url}/inicio`);
  await expect.poll(() => page.getByTestId('home-greeting').textContent()).toContain('John');
  return page;
}

/** The state the physician's consultation screen shows (the chip's data-state). */
const shownState = (page: Page): Promise<string | null> => page.getByTestId('appointment-state').getAttribute('data-state');
const expectShownState = async (page: Page, state: AppointmentState): Promise<void> => {
  await expect.poll(() => shownState(page), { timeout: 15_000 }).toBe(state);
};
const pathOf = (page: Page): string => new URL(page.url()).pathname;

describe('on-demand consultation in the browser (issue 4)', () => {
  it('member asks for a coach, the coach accepts and requests a US doctor, the US doctor accepts; the member is routed to the end', async () => {
    const danielId = await userIdByEmail(DANIEL_EMAIL);
    const emilyId = await userIdByEmail(EMILY_EMAIL);
    // The configuration the web app reads says "open now" too (else it shows the out-of-hours dialog).
    const configs = (await (await fetch(`${server.url}/api/configs`)).json()) as { workingHours: Parameters<typeof isWithinWorkingHours>[0] };
    expect(isWithinWorkingHours(configs.workingHours, new Date())).toBe(true);

    await withBrowser(
      async (coachCtx) => {
        const coach = await staffDashboard(coachCtx, DANIEL_EMAIL, 'coach');
        await withBrowser(
          async (doctorCtx) => {
            const doctor = await staffDashboard(doctorCtx, EMILY_EMAIL, 'doctor');
            await expect.poll(() => doctor.getByTestId('queue-empty').isVisible()).toBe(true);
            await withBrowser(
              async (memberCtx) => {
                // ---- The member asks for a coach ------------------------------------------------
                const member = await memberHome(memberCtx);
                await member.getByTestId('tile-hardcoded_mh_topic').click();
                await member.waitForURL('**/consulta/coaches-disponibles');
                // Daniel is online (his dashboard is open) and matches: English, mental health.
                const card = member.getByTestId(`coach-card-${danielId}`);
                await card.waitFor({ timeout: 15_000 });
                await card.click();
                await member.waitForURL(`**/ondemand-perfil-coach/${danielId}`);
                await member.getByTestId('request-consultation').click();
                // Issue 11: before his first consultation his health profile is asked, once.
                await member.getByTestId('health-profile-dialog').waitFor({ timeout: 15_000 });
                await member.getByTestId('health-profile-alergies').fill('Penicilina');
                await member.getByTestId('health-profile-save').click();
                await member.waitForURL('**/consulta/llenado-de-informacion');
                // Mental health: the crisis path is on the intake (988 and 911 in the US).
                await member.getByTestId('crisis-call-988').waitFor();
                // State and city come from his profile (California, San Francisco).
                await expect.poll(() => member.getByTestId('location-state').inputValue()).toBe('CA');
                await expect.poll(() => member.getByTestId('location-city').inputValue()).toBe('San Francisco');
                await member.getByTestId('location-submit').click();
                await member.waitForURL('**/consulta/video-llamada');

                const [created] = await query(sql`select id from appointments where member_id = (select id from users where phone_number = ${john.phoneNumber}) order by created_at desc limit 1`);
                const id = String(created!.id);
                expect(await appointmentRow(id)).toMatchObject({
                  state: S.S1_IN_QUEUE_FOR_COACH,
                  requested_mx_doctor_id: danielId,
                  practice: 'mentalhealth',
                  language: 'en',
                  service_scope: 'full-care',
                });
                // Prejoin: camera and microphone (fake devices), then waiting room one: the place was
                // confirmed on the location form and is not asked again (issue 11), step 3 of 3.
                const waiting = member.getByTestId('waiting-room');
                await waiting.waitFor();
                expect(await waiting.getAttribute('data-room')).toBe('wr-one');
                expect(await waiting.getAttribute('data-state')).toBe(S.S1_IN_QUEUE_FOR_COACH);
                await snap(member, 'on-demand-wr-one');

                // ---- The coach accepts on the dashboard -----------------------------------------
                const request = coach.getByTestId(`request-card-${id}`);
                await request.waitFor({ timeout: 15_000 });
                expect(await request.textContent()).toContain('John Smith');
                await request.getByTestId('accept-request').click();
                await coach.waitForURL(`**/dashboard/consulta/${id}`);
                await expectShownState(coach, S.S3_COACH_JOINS_CALL);
                expect((await appointmentRow(id)).mx_doctor_id).toBe(danielId);

                // The member is asked to enter (non-dismissible) and goes into the call.
                await member.getByTestId('enter-consultation').waitFor({ timeout: 15_000 });
                expect(pathOf(member)).toBe('/consulta/video-llamada');
                await member.keyboard.press('Escape');
                expect(await member.getByTestId('enter-consultation-dialog').isVisible()).toBe(true);
                await member.getByTestId('enter-consultation').click();
                await member.getByTestId('call-room').waitFor();
                expect(await member.evaluate(() => localStorage.getItem('hasJoinedToCall'))).toBe('true');

                // The coach goes into the same call from the consultation: video flows both ways.
                await coach.getByTestId('join-video-call').click();
                await coach.waitForURL(`**/consulta/video-llamada?appointmentId=${id}`);
                await coach.getByTestId('call-room').waitFor();
                await waitForRemoteVideo(member, 1);
                await waitForRemoteVideo(coach, 1);
                await snap(member, 'on-demand-call-coach');

                // ---- Issue 11: the chart sits beside the call; the coach writes without leaving it ----
                const chart = coach.getByTestId('call-chart');
                await expectShownState(coach, S.S3_COACH_JOINS_CALL);
                const framesBefore = Object.values(await remoteFrames(member))[0] ?? 0;
                const note = 'Anxious since the move; sleeps 4 hours';
                await chart.getByTestId('note-observations').fill(note);
                await chart.getByTestId('notes-save').click();
                await expect.poll(() => coach.getByTestId('toast').textContent()).toMatch(/Saved|Guardado/);
                // Still in the call, and the member's video of the coach keeps decoding.
                expect(pathOf(coach)).toBe('/consulta/video-llamada');
                expect(await coach.getByTestId('call-flow').getAttribute('data-in-call')).toBe('true');
                await expect.poll(async () => Object.values(await remoteFrames(member))[0] ?? 0).toBeGreaterThan(framesBefore + 10);
                await snap(coach, 'on-demand-call-chart');

                // ---- The coach requests a US doctor from inside the call: a reason and an urgency ----
                await chart.getByTestId('request-us-doctor').click();
                await coach.getByTestId('escalation-reason').fill('Needs a medication review');
                await coach.getByTestId('escalation-urgency-urgent').check();
                await coach.getByTestId('escalation-submit').click();
                // The server moves the request on to the US doctors' queue at once (S6).
                await expectShownState(coach, S.S6_IN_QUEUE_FOR_ER);
                await expect.poll(() => coach.getByTestId('toast').textContent()).toMatch(/US doctor|doctor de EE\.UU\./);
                expect(await appointmentRow(id)).toMatchObject({ state: S.S6_IN_QUEUE_FOR_ER, us_doctor_needed: true, us_doctor_id: null, escalation_reason: 'Needs a medication review', escalation_urgency: 'urgent' });

                // The member is sent to wait for the US doctor: SC038.
                await member.waitForURL('**/consulta/infoPage/SC038', { timeout: 15_000 });
                await member.getByTestId('info-page-SC038').waitFor();
                await snap(member, 'on-demand-sc038');

                // ---- The US doctor (licensed in CA) accepts the escalation -----------------------
                const escalation = doctor.getByTestId(`escalation-card-${id}`);
                await escalation.waitFor({ timeout: 15_000 });
                const handoff = escalation.getByTestId('coach-notes');
                expect(await handoff.textContent()).toContain('Daniel Rivera');
                // Issue 11: the card carries the coach's note (not "no notes"), her reason and urgency.
                expect(await handoff.textContent()).toContain(note);
                expect(await handoff.getByTestId('handoff-reason').textContent()).toContain('Needs a medication review');
                expect(await handoff.getByTestId('escalation-urgency-chip').getAttribute('data-urgency')).toBe('urgent');
                await escalation.getByTestId('accept-escalation').click();
                await doctor.waitForURL(`**/dashboard/consulta/${id}`);
                await expectShownState(doctor, S.S7_ER_IS_REVIEWING);
                expect((await appointmentRow(id)).us_doctor_id).toBe(emilyId);
                // spec §4 doctor-side: the US doctor in S7 sees "treatment received".
                await expect.poll(() => doctor.getByTestId('doctor-modal').getAttribute('data-modal')).toBe('treatment-received');
                await doctor.getByTestId('doctor-modal-close').click();
                await doctor.getByTestId('doctor-modal').waitFor({ state: 'detached' });

                // S7: the member goes back to the call screen and waits in waiting room two.
                await member.waitForURL('**/consulta/video-llamada', { timeout: 15_000 });
                await expect.poll(() => member.getByTestId('waiting-room').getAttribute('data-room'), { timeout: 15_000 }).toBe('wr-two');
                expect(await member.getByTestId('waiting-room').getAttribute('data-state')).toBe(S.S7_ER_IS_REVIEWING);
                await expect.poll(() => member.getByTestId('waiting-room').textContent()).toContain('Dr. Carter');
                await snap(member, 'on-demand-wr-two');

                // ---- The US doctor joins: the member is back in the call --------------------------
                await doctor.getByTestId('join-call').click();
                await expectShownState(doctor, S.S8_ER_JOINS_CALL);
                // spec 000 §4: S8 with a US doctor behaves as S3; John was in the first call, so he
                // joins directly: no return-to-call modal (that is for a reload mid-call), no dialog.
                await member.getByTestId('call-room').waitFor({ timeout: 15_000 });
                await expect.poll(() => member.getByTestId('call-flow').getAttribute('data-in-call')).toBe('true');
                expect(pathOf(member)).toBe('/consulta/video-llamada');
                expect(await member.getByTestId('return-to-call-accept').count()).toBe(0);
                expect(await member.getByTestId('enter-consultation').count()).toBe(0);
                expect(await countCallEvents(server, id, 'rejoined')).toBe(0);
                // The doctor's way into the call follows the consultation's state: no reload.
                await doctor.getByTestId('join-video-call').click({ timeout: 15_000 });
                await doctor.waitForURL(`**/consulta/video-llamada?appointmentId=${id}`);
                await doctor.getByTestId('call-room').waitFor();
                // Issue 11: the coach never left the call to write, so the call is three-way.
                await waitForRemoteVideo(doctor, 2);
                await waitForRemoteVideo(member, 2);
                await snap(member, 'on-demand-call-doctor');

                // ---- The US doctor ends the call from the chart beside it, after confirming: SC064,
                // which takes the member to the survey; the doctor goes on in the consultation ------
                await doctor.getByTestId('call-chart').getByTestId('end-call').click();
                await doctor.getByTestId('end-call-dialog-confirm').click();
                await doctor.waitForURL(`**/dashboard/consulta/${id}`);
                await expectShownState(doctor, S.S9_ER_ENDS_CALL);
                await member.waitForURL(`**/consulta/survey/${id}`, { timeout: 15_000 });
                await member.getByTestId('survey-screen').waitFor();
                expect(await member.evaluate(() => localStorage.getItem('hasJoinedToCall'))).toBeNull();
                // The coach, still on his consultation, is told it is finished (spec §4: MX physician in S9).
                await expect.poll(() => coach.getByTestId('doctor-modal').getAttribute('data-modal'), { timeout: 15_000 }).toBe('consultation-finished');

                // ---- No prescription this time: the US doctor finishes with the reason recorded (issue 11);
                // the member stays on her survey (the prescribing journey signs and sends one) ----------
                await doctor.getByTestId('rx-none').waitFor();
                await doctor.getByRole('combobox', { name: 'Why is no prescription needed?' }).click();
                await doctor.getByRole('option', { name: 'Other' }).click();
                await doctor.getByTestId('rx-none-finish').click();
                // Finished, she is back on the dashboard with the next request in view.
                await doctor.waitForURL(`${server.url}/dashboard`);
                await doctor.getByTestId('dashboard').waitFor();
                expect(await appointmentRow(id)).toMatchObject({ state: S.S11_FINISHED, status: 'finished', mx_doctor_id: danielId, us_doctor_id: emilyId });
                await member.waitForTimeout(500);
                expect(pathOf(member)).toBe(`/consulta/survey/${id}`);

                // The path the appointment took: the journey's steps in order, each edge one the state
                // machine allows (the server may add its own steps in between, e.g. a US doctor's accept).
                const path = await pathOfAppointment(id);
                const steps: AppointmentState[] = [
                  S.S1_IN_QUEUE_FOR_COACH,
                  S.S2_COACH_IS_REVIEWING,
                  S.S3_COACH_JOINS_CALL,
                  S.COACH_REQUEST_US_DR,
                  S.S6_IN_QUEUE_FOR_ER,
                  S.S7_ER_IS_REVIEWING,
                  S.S8_ER_JOINS_CALL,
                  S.S9_ER_ENDS_CALL,
                  S.S11_FINISHED,
                ];
                expect(path[0]).toBe(S.EMPTY);
                expect(path.at(-1)).toBe(S.S11_FINISHED);
                expect(path.filter((st) => (steps as string[]).includes(st))).toEqual(steps);
                for (let k = 1; k < path.length; k++) expect(findTransition(path[k - 1] as AppointmentState, path[k] as AppointmentState), `${path[k - 1]} -> ${path[k]}`).toBeDefined();
              },
              { media: true, locale: 'en-US' },
            );
          },
          { media: true, viewport: STAFF_VIEWPORT, locale: 'en-US' },
        );
      },
      { media: true, viewport: STAFF_VIEWPORT, locale: 'en-US' },
    );
  });
});

