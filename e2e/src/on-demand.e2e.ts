import { readFile } from 'node:fs/promises';
import { createMember, createSessionFor, DEMO_LOGINS, type TestServer } from '@puente/api/test';
import { APPOINTMENT_STATE as S, findTransition, isWithinWorkingHours, type AppointmentState } from '@puente/domain';
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countCallEvents, probe, remoteFrames, waitForRemoteVideo, watch } from './call-harness';
import { signedInPage, snap, startOnDemandServer, withBrowser } from './harness';

// Issues 4, 11 and 12 "Tests that prove it": the on-demand journey in browsers, with the demo data,
// as one continuous consultation. John Smith (member in California, English, allergic to
// penicillin, which he gives in the intake) asks for a coach; Daniel Rivera (coach, English, mental
// health) accepts on his dashboard and the member is routed into the call; Daniel sees the allergy in
// the chart beside the call, writes and signs his note without leaving it, and requests a US doctor
// with a reason and an urgency; John completes what a prescription needs (his pharmacy) while he
// waits (SC038); Emily Carter (US doctor licensed in CA and TX) accepts the escalation, joins the
// three-way call, prescribes amoxicillin past the allergy warning with a reason, ends the call,
// reviews and signs; both clinicians are back on their dashboards; John hears SMC11, reads the
// summary, downloads the signed PDF, sees the pharmacy, answers the survey and finds the
// consultation in his history; another member cannot fetch the PDF. Finishing without a prescription
// is the prescribing journey's.

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

describe('on-demand consultation in the browser (issues 4, 11, 12)', () => {
  it('member asks for a coach, the coach accepts and requests a US doctor, the US doctor prescribes past an allergy and signs; the member keeps summary, PDF, pharmacy, survey and history', async () => {
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
                await member.getByTestId('health-profile-alergies').fill('Penicillin');
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
                await expect.poll(async () => { const row = await appointmentRow(id); return [row.pre_join_step, row.camera_access_granted]; }).toEqual([3, true]);
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
                await expect.poll(() => member.getByTestId('call-room').getAttribute('data-room-state')).toBe('connected');
                expect(await member.getByTestId('call-room').getAttribute('data-mode')).toBe('2'); // camera and mic on
                // spec 9: VP8 preferred, audio capped at 16000, the camera asked for 1280×720 at 24 fps.
                await expect.poll(() => probe<string[]>(member, 'c.mesh.outboundVideoCodecs()')).toEqual(['video/VP8']);
                await expect.poll(() => probe<number[]>(member, 'c.mesh.audioBitrateCaps()')).toEqual([16000]);
                expect(await probe<MediaTrackConstraints>(member, 'c.mesh.local.getVideoTracks()[0].getConstraints()')).toMatchObject({ width: 1280, height: 720, frameRate: 24 });
                await snap(member, 'on-demand-call-coach');

                // ---- Issue 11: the chart sits beside the call; the coach writes without leaving it ----
                const chart = coach.getByTestId('call-chart');
                await expectShownState(coach, S.S3_COACH_JOINS_CALL);
                // The allergy John gave in the intake is in the chart (not "—").
                await expect.poll(() => chart.getByTestId('member-profile-allergies').textContent(), { timeout: 15_000 }).toContain('Penicillin');
                const framesBefore = Object.values(await remoteFrames(member))[0] ?? 0;
                const note = 'Anxious since the move; sleeps 4 hours';
                await chart.getByTestId('note-observations').fill(note);
                // Not saved yet: it says so, and a reload asks first (staying keeps the call and the text).
                await chart.getByTestId('notes-unsaved').waitFor();
                const asked = new Promise<string>((resolve) => coach.once('dialog', (d) => { resolve(d.type()); void d.dismiss(); }));
                await coach.evaluate(() => location.reload());
                expect(await asked).toBe('beforeunload');
                expect(await chart.getByTestId('note-observations').inputValue()).toBe(note);
                await chart.getByTestId('notes-save').click();
                await expect.poll(() => coach.getByTestId('toast').textContent()).toMatch(/Saved|Guardado/);
                await expect.poll(() => chart.getByTestId('notes-unsaved').count()).toBe(0);
                // He signs his part of the record, after confirming: it is locked (later changes are addenda).
                await chart.getByTestId('notes-sign').click();
                await coach.getByTestId('notes-sign-confirm').click();
                await expect.poll(() => chart.getByTestId('note-observations').isEditable(), { timeout: 15_000 }).toBe(false);
                await chart.getByTestId('note-addendum-text').waitFor();
                // His plan, from the chart's Plan tab (John reads it in his summary).
                await chart.getByTestId('tab-plan').click();
                await chart.getByTestId('plan-conclusions').fill('Adjustment anxiety after a move');
                await chart.getByTestId('plan-save').click();
                await expect.poll(() => chart.getByTestId('plan-unsaved').count()).toBe(0);
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
                // Issue 12, readiness before escalation: his state, address and phone are on file; the
                // pharmacy is asked here while he waits, and he picks one near his zip code (94103).
                const readiness = member.getByTestId('readiness-prompt');
                await readiness.waitFor({ timeout: 15_000 });
                expect(await readiness.getByTestId('readiness-address').count()).toBe(0);
                await readiness.getByTestId('pharmacy-results').waitFor();
                await snap(member, 'on-demand-sc038');
                await readiness.getByTestId('pharmacy-choose-ca-sf-soma').click();
                await readiness.waitFor({ state: 'detached', timeout: 15_000 });

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
                await waitForRemoteVideo(coach, 2);
                // The member's main view is the US doctor once there; the coach moves to the strip.
                await expect.poll(() => member.getByTestId('call-strip-peer').count()).toBe(1);
                expect(await member.getByTestId('call-room').getAttribute('data-peers')).toBe('2');
                await snap(member, 'on-demand-call-doctor');

                // ---- Two clinicians on one plan: the US doctor's save reaches the coach's chart while
                // he types; his text stays, the doctor's shows beside it, and he chooses -----------
                const rx = doctor.getByTestId('call-chart');
                // (The coach was told a US doctor took the consultation: he closes the notice.)
                await coach.getByTestId('doctor-modal-close').click();
                await coach.getByTestId('doctor-modal').waitFor({ state: 'detached' });
                await chart.getByTestId('plan-recomendations').fill('Sleep hygiene');
                await rx.getByTestId('tab-plan').click();
                await rx.getByTestId('plan-recomendations').fill('Finish the antibiotic course; sleep hygiene');
                await rx.getByTestId('plan-save').click();
                await expect.poll(() => rx.getByTestId('plan-unsaved').count()).toBe(0);
                await chart.getByTestId('plan-recomendations-changed').waitFor({ timeout: 15_000 });
                expect(await chart.getByTestId('plan-recomendations-theirs').textContent()).toBe('Finish the antibiotic course; sleep hygiene');
                expect(await chart.getByTestId('plan-recomendations').inputValue()).toBe('Sleep hygiene');
                await snap(coach, 'on-demand-plan-changed-under');
                await chart.getByTestId('plan-recomendations-take-theirs').click();
                await expect.poll(() => chart.getByTestId('plan-unsaved').count()).toBe(0);
                expect(await chart.getByTestId('plan-recomendations').inputValue()).toBe('Finish the antibiotic course; sleep hygiene');
                await rx.getByTestId('tab-prescription').click();

                // ---- Issue 11/12: the US doctor prescribes from the chart beside the call -------------
                await rx.getByTestId('rx-workspace').waitFor();
                await rx.getByTestId('rx-medication').fill('amox');
                await doctor.getByTestId('rx-option-308191').click();
                await rx.getByTestId('rx-dose').fill('1');
                await rx.getByTestId('rx-durationDays').fill('10');
                await rx.getByTestId('rx-quantity').fill('30');
                await rx.getByTestId('rx-daysSupply').fill('10');
                await rx.getByRole('combobox', { name: /Frequency/ }).click();
                await doctor.getByRole('option', { name: 'every 8 hours' }).click();
                await rx.getByRole('combobox', { name: /Diagnosis/ }).click();
                await doctor.getByRole('option', { name: /J02\.9/ }).click();
                await rx.getByTestId('rx-add-line').click();
                // John is allergic to penicillin: a warning, and the review refuses without a reason.
                await rx.getByTestId('rx-allergy-warning').waitFor();
                expect(await rx.getByTestId('rx-lines').textContent()).toContain('Take 1 capsule by mouth every 8 hours for 10 days.');
                await rx.getByTestId('rx-review').click();
                await doctor.getByText('Record the reason for the allergy override').waitFor();
                await rx.getByTestId('rx-override-0').fill('Mild rash in childhood; benefit outweighs risk, member informed');
                await rx.getByTestId('rx-override-save-0').click();
                await expect.poll(() => rx.getByTestId('rx-override-save-0').isDisabled()).toBe(true);
                await rx.getByTestId('rx-review').click();
                await rx.getByTestId('rx-review-panel').waitFor();
                expect(await rx.getByTestId('rx-prescriber').textContent()).toContain('Emily Carter');
                expect(await rx.getByTestId('rx-review-panel').textContent()).toContain('SoMa Health Pharmacy');
                // All of it without leaving the call.
                expect(await doctor.getByTestId('call-flow').getAttribute('data-in-call')).toBe('true');
                await snap(doctor, 'on-demand-call-rx-review');

                // ---- The US doctor ends the call from the chart beside it, after confirming: SC064,
                // which takes the member to the survey; the doctor goes on in the consultation ------
                await doctor.getByTestId('call-chart').getByTestId('end-call').click();
                await doctor.getByTestId('end-call-dialog-confirm').click();
                await doctor.waitForURL(`**/dashboard/consulta/${id}`);
                await expectShownState(doctor, S.S9_ER_ENDS_CALL);
                await member.waitForURL(`**/consulta/survey/${id}`, { timeout: 15_000 });
                await member.getByTestId('survey-screen').waitFor();
                expect(await member.evaluate(() => localStorage.getItem('hasJoinedToCall'))).toBeNull();
                // The coach, still on his consultation, is told it is finished (spec §4: MX physician in S9),
                // and closing that notice takes him back to his dashboard (issue 11).
                await expect.poll(() => coach.getByTestId('doctor-modal').getAttribute('data-modal'), { timeout: 15_000 }).toBe('consultation-finished');
                await coach.getByTestId('doctor-modal-close').click();
                await coach.waitForURL(`${server.url}/dashboard`);
                await coach.getByTestId('dashboard').waitFor();

                // ---- The call over, she signs the reviewed prescription: it goes to John's pharmacy,
                // and she is back on the dashboard with the next request in view (issue 11) ----------
                await doctor.getByTestId('rx-sign').click();
                await doctor.waitForURL(`${server.url}/dashboard`);
                await doctor.getByTestId('dashboard').waitFor();
                await expect.poll(async () => (await appointmentRow(id)).state, { timeout: 15_000 }).toBe(S.TREAT_COMPLETED);
                expect(await appointmentRow(id)).toMatchObject({ status: 'finished', mx_doctor_id: danielId, us_doctor_id: emilyId });

                // ---- Issue 12: what John keeps ------------------------------------------------------
                // SMC11 "treatment sent to pharmacy": on the survey it comes as a toast.
                await expect.poll(() => member.getByTestId('toast').textContent(), { timeout: 15_000 }).toContain('Your treatment was sent to the pharmacy.');
                expect(pathOf(member)).toBe(`/consulta/survey/${id}`);
                // The summary of the consultation that just ended: the treatment and its signed PDF.
                await member.goto(`${server.url}/consulta/resumen-de-cita`);
                await member.getByTestId('appointment-summary-screen').waitFor();
                await member.getByTestId('record-summary').waitFor();
                expect(await member.getByTestId('record-summary').textContent()).toContain('Adjustment anxiety after a move');
                await member.getByTestId('record-tab-treatment').click();
                await member.getByTestId('prescription-line').waitFor();
                expect(await member.getByTestId('prescription-line').textContent()).toContain('Take 1 capsule by mouth every 8 hours for 10 days.');
                await member.getByTestId('my-prescription-ready').waitFor();
                await snap(member, 'on-demand-summary-treatment');
                const [download] = await Promise.all([member.waitForEvent('download'), member.getByTestId('prescription-document').click()]);
                const pdf = await readFile(await download.path());
                expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
                expect(pdf.length).toBeGreaterThan(2000);
                // The pharmacy he chose while waiting: the address card, the phone and the maps links.
                await member.getByTestId('record-tab-pharmacy').click();
                await member.getByTestId('pharmacy-address').waitFor();
                expect(await member.getByTestId('pharmacy-address').textContent()).toContain('SoMa Health Pharmacy');
                expect(await member.getByTestId('pharmacy-tel-link').getAttribute('href')).toBe('tel:+14155550103');
                expect(await member.getByTestId('pharmacy-maps-link').getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\//);
                await snap(member, 'on-demand-summary-pharmacy');

                // The survey (mental health: the provider-quality survey). John's organization sends him
                // to its home page once it is answered (spec 6); that site is stubbed here.
                await memberCtx.route('https://acme.example.com/**', (route) =>
                  route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><head><title>Acme</title></head><body><main><h1>Acme</h1></main></body></html>' }),
                );
                await member.getByTestId('record-tab-summary').click();
                await member.getByRole('button', { name: 'Rate your consultation' }).click();
                await member.waitForURL(`**/consulta/survey/${id}`);
                await member.getByTestId('survey-mental-health').waitFor();
                await member.getByTestId('survey-abilityConfidence-5').click();
                await member.getByTestId('survey-submit').click();
                await member.waitForURL('https://acme.example.com/**');
                expect((await query(sql`select appointment_id from surveys where appointment_id = ${id}`)).length).toBe(1);

                // His history has it, with its prescription icon.
                await member.goto(`${server.url}/consulta/historial`);
                const historyCard = member.getByTestId(`history-card-${id}`);
                await historyCard.waitFor();
                expect(await historyCard.getByTestId('history-card-prescription').count()).toBe(1);
                await snap(member, 'on-demand-history');

                // Nobody else gets his prescription: another member's fetch is a 404.
                const other = await createMember(server.server);
                const otherToken = (await createSessionFor(server.server, other.id)).sessionToken;
                const refused = await fetch(`${server.url}/api/appointments/${id}/prescription-document`, { headers: { authorization: `Bearer ${otherToken}` } });
                expect(refused.status).toBe(404);

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
                  S.TREAT_PENDING,
                  S.TREAT_COMPLETED,
                ];
                expect(path[0]).toBe(S.EMPTY);
                expect(path.at(-1)).toBe(S.TREAT_COMPLETED);
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
  }, 300_000);
});

