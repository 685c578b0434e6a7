import { readGuestLink, request, startTestServer, type TestServer } from '@puente/api/test';
import { CALL_PATHS, guestLinkResponseSchema } from '@puente/contracts';
import { APPOINTMENT_STATE as S } from '@puente/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsultation, readAppointment, signedInPage, waitForRemoteVideo, watch } from './call-harness';
import { snap, withBrowser } from './harness';

// spec 2 "Link to consult", spec 4 link-to-consult outcomes: the guest joins by link, without logging in.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({});
});
afterAll(async () => {
  await server?.close();
});

const media = { media: true } as const;

/** The coach asks for the link; it is texted to the member (read from the dev outbox), never returned. */
async function issueLink(c: { id: string; member: { phone: string }; coach: { token: string } }): Promise<string> {
  const res = await request(server.url, CALL_PATHS.guestLink(c.id), { method: 'POST', token: c.coach.token });
  expect(guestLinkResponseSchema.parse(res.body)).not.toHaveProperty('token');
  const link = await readGuestLink(server.url, c.member.phone);
  expect(link.appointmentId).toBe(c.id);
  // The link names PUBLIC_URL; the test server listens on its own port.
  const url = new URL(link.url);
  return `${server.url}${url.pathname}${url.search}`;
}

describe('the guest link', () => {
  it('a guest opens the link, joins the call with the coach without logging in, and is signed out when it ends', async () => {
    const c = await createConsultation(server, S.S2_COACH_IS_REVIEWING);
    const link = await issueLink(c);
    await withBrowser(async (guestCtx) => {
      const guest = watch(await guestCtx.newPage(), 'guest');
      await guest.goto(link);
      await guest.waitForURL('**/consulta/video-llamada');
      // Loginless: states 1-3 count as 3, no location step, no dialog: straight into the call.
      await guest.getByTestId('call-room').waitFor();
      expect(await guest.getByTestId('call-flow').getAttribute('data-loginless')).toBe('true');
      expect(await guest.getByTestId('call-flow').getAttribute('data-state')).toBe(S.S3_COACH_JOINS_CALL);
      expect(await guest.evaluate(() => localStorage.getItem('loginless-consult'))).toMatch(/^\d+$/);
      expect(await guest.evaluate(() => localStorage.getItem('hasJoinedToCall'))).toBe('true');
      await expect.poll(async () => (await readAppointment(server, c.id)).member_join_method).toBe('link');
      const guestToken = await guest.evaluate(() => localStorage.getItem('sessionToken'));
      expect(guestToken).toBeTruthy();

      await withBrowser(async (coachCtx) => {
        const coach = await signedInPage(coachCtx, c.coach.token);
        await coach.goto(`${server.url}/consulta/video-llamada?appointmentId=${c.id}`);
        await waitForRemoteVideo(guest, 1);
        await waitForRemoteVideo(coach, 1);
        await snap(guest, 'guest-link-call');

        // The coach joins then finishes the video call: the guest goes to the finished page, signed out.
        await server.server.services.appointments.update(c.coach.row, { id: c.id, state: S.S3_COACH_JOINS_CALL }, 'es');
        await server.server.services.appointments.update(c.coach.row, { id: c.id, state: S.COACH_FINISH_VIDEO_CALL }, 'es');
        await guest.waitForURL('**/link-to-consult-finished');
        await guest.getByTestId('link-finished-screen').waitFor();
        await expect.poll(() => guest.evaluate(() => localStorage.getItem('sessionToken'))).toBeNull();
        expect(await guest.evaluate(() => localStorage.getItem('loginless-consult'))).toBeNull();
        await expect.poll(async () => (await request(server.url, `${CALL_PATHS.videoToken}?roomName=${c.id}`, { token: guestToken! })).status).toBe(401);
        expect(await guest.getByTestId('link-finished-button').getAttribute('data-target')).toBe('/open');
      }, media);
    }, media);
  });

  it('an error parameter, a bad token or a finished consultation go to the closed screen', async () => {
    const c = await createConsultation(server, S.S2_COACH_IS_REVIEWING);
    const link = await issueLink(c);
    await withBrowser(async (ctx) => {
      const page = await ctx.newPage();
      await page.goto(`${link}&error=expired`);
      await page.waitForURL('**/link-to-consult-closed');
      await page.getByTestId('link-closed-screen').waitFor();
      await page.goto(link.replace(/token=[^&]+/, 'token=not-a-real-token'));
      await page.waitForURL('**/link-to-consult-closed');
      await server.server.database.db.execute((await import('drizzle-orm')).sql`update appointments set state = ${S.S11_FINISHED} where id = ${c.id}`);
      await page.goto(link);
      await page.waitForURL('**/link-to-consult-closed');
      expect(await page.evaluate(() => localStorage.getItem('sessionToken'))).toBeNull();
    }, media);
  });

  it('camera access denied goes to the permissions screen', async () => {
    const c = await createConsultation(server, S.S2_COACH_IS_REVIEWING);
    const link = await issueLink(c);
    await withBrowser(async (ctx) => {
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      // The page's own browser context (each withBrowser is a context of the file's shared browser).
      const { targetInfo } = await cdp.send('Target.getTargetInfo');
      await cdp.send('Browser.setPermission', { permission: { name: 'camera' }, setting: 'denied', origin: server.url, browserContextId: targetInfo.browserContextId });
      await page.goto(link);
      await page.waitForURL('**/link-to-consult-permissions');
      await page.getByTestId('link-permissions-screen').waitFor();
      // Nothing was signed in.
      expect(await page.evaluate(() => localStorage.getItem('sessionToken'))).toBeNull();
    }, media);
  });

  it('a guest who refuses the camera prompt in the call goes to the permissions screen', async () => {
    const c = await createConsultation(server, S.S2_COACH_IS_REVIEWING);
    const link = await issueLink(c);
    await withBrowser(async (ctx) => {
      await ctx.addInitScript(() => {
        navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission dismissed', 'NotAllowedError'));
      });
      const page = await ctx.newPage();
      await page.goto(link);
      await page.waitForURL('**/link-to-consult-permissions');
    }, media);
  });
});
