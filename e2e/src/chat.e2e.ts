import { APPOINTMENT_GQL, createAppointmentResultSchema, PHYSICIAN_GQL, userRoom } from '@puente/contracts';
import { APPOINTMENT_STATE as S } from '@puente/domain';
import { createSessionFor, DEMO_LOGINS, graphql, loginByPhone, openSocket, startTestServer, type TestServer } from '@puente/api/test';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, snap, withBrowser } from './harness';

// Issue 5 "Tests that prove it" (chat): a member and her coach chat inside the consultation, an
// image reaches the other side, a forged pdf is refused, and a dropped socket loses nothing and
// doubles nothing.

/** A Monday, 10:00 in Mexico City: inside the working hours on-demand requests need. */
const MONDAY_10 = new Date('2026-11-23T16:00:00Z');
/** A real 1x1 PNG. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** An ELF executable header: what a forged "informe.pdf" holds. */
const ELF_BYTES = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(200, 0)]);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
  server.clock.set(MONDAY_10);
});
afterAll(async () => {
  await server?.close();
});

async function gql<T>(document: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const res = await graphql<Record<string, T>>(server.url, document, variables, token);
  if (!res.body.data) throw new Error(`GraphQL failed: ${JSON.stringify(res.body.errors)}`);
  return Object.values(res.body.data)[0] as T;
}

const userIdByPhone = async (phone: string): Promise<string> => {
  const user = await server.server.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.phoneNumber, phone) });
  if (!user) throw new Error(`no user with phone ${phone}`);
  return user.id;
};

/** Ana asks for a consultation, María takes it and joins the call: S3, driven over the API. */
async function consultationInS3(): Promise<{ appointmentId: string; memberToken: string; memberId: string; coachToken: string }> {
  const ana = DEMO_LOGINS.find((l) => l.key === 'ana')!;
  const maria = DEMO_LOGINS.find((l) => l.key === 'coachEs')!;
  const member = await loginByPhone(server.url, ana.phoneNumber, { lang: 'es' });
  const coachId = await userIdByPhone(maria.phoneNumber);
  const coach = await createSessionFor(server.server, coachId);
  // María is online (a connected socket) and available, so the request is offered to her.
  await gql(PHYSICIAN_GQL.setAvailability, { isAvailable: true }, coach.sessionToken);
  const coachOnline = await openSocket(server.url, coach.sessionToken);
  const created = createAppointmentResultSchema.parse(
    await gql(APPOINTMENT_GQL.createAppointment, { data: { practice: 'health', channel: 'video-call', location: { country: 'MX', state: 'CDMX', city: 'Ciudad de México' }, timezone: 'America/Mexico_City' } }, member.sessionToken),
  );
  await gql(APPOINTMENT_GQL.acceptAppointment, { appointmentId: created.id }, coach.sessionToken);
  coachOnline.close();
  const joined = await gql<{ state: string }>(APPOINTMENT_GQL.updateAppointment, { appointment: { id: created.id, state: S.S3_COACH_JOINS_CALL } }, coach.sessionToken);
  expect(joined.state).toBe(S.S3_COACH_JOINS_CALL);
  // The member has been through the location step before (the call screen skips it).
  await gql(APPOINTMENT_GQL.updateAppointment, { appointment: { id: created.id, preJoinStep: 3 } }, member.sessionToken);
  return { appointmentId: created.id, memberToken: member.sessionToken, memberId: member.member.id, coachToken: coach.sessionToken };
}

/** Into the call, then the chat drawer from the bottom bar. */
async function openChatInCall(page: Page, path: string, member: boolean): Promise<void> {
  await page.goto(`${server.url}${path}`);
  if (member) {
    // spec 4: S3 and not yet joined: the non-dismissible 'enter consultation' dialog.
    await page.getByTestId('enter-consultation').click({ timeout: 20_000 });
  }
  await page.getByTestId('call-open-chat').click({ timeout: 20_000 });
  await page.getByTestId('chat-drawer').waitFor({ state: 'visible' });
  await expect.poll(() => page.getByTestId('chat-drawer').getAttribute('data-connection'), { timeout: 15_000 }).toBe('connected');
}

const bodies = (page: Page) => page.getByTestId('chat-drawer').getByTestId('chat-message-body').allTextContents();
/** The attach button opens the file chooser, as a person would pick a file. */
const attach = async (page: Page, file: { name: string; mimeType: string; buffer: Buffer }) => {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('chat-attach').click()]);
  await chooser.setFiles(file);
};
const sendText = async (page: Page, text: string) => {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
};

describe('chat in the consultation', () => {
  it('member and coach chat; an image arrives; a forged pdf is refused; a dropped socket loses and doubles nothing', async () => {
    const c = await consultationInS3();
    await withBrowser(
      async (memberCtx) => {
        await withBrowser(
          async (coachCtx) => {
            const member = await signedInPage(memberCtx, c.memberToken, { appointment: { id: c.appointmentId, state: S.S3_COACH_JOINS_CALL } });
            const coach = await signedInPage(coachCtx, c.coachToken);
            try {
            await openChatInCall(member, '/consulta/video-llamada', true);
            await openChatInCall(coach, `/consulta/video-llamada?appointmentId=${c.appointmentId}`, false);

            // Text both ways. The coach has the drawer closed: the chat button shows the unread flag.
            await coach.getByTestId('chat-close').click();
            await sendText(member, 'Hola doctora, me duele la garganta');
            await expect.poll(() => coach.getByTestId('call-open-chat').getAttribute('data-unread')).toBe('true');
            await coach.getByTestId('call-open-chat').click();
            await expect.poll(() => coach.getByTestId('call-open-chat').getAttribute('data-unread')).toBe('false');
            await expect.poll(() => bodies(coach)).toEqual(['Hola doctora, me duele la garganta']);
            await sendText(coach, 'Hola Ana, ¿me mandas una foto?');
            await expect.poll(() => bodies(member)).toEqual(['Hola doctora, me duele la garganta', 'Hola Ana, ¿me mandas una foto?']);

            // An image (as symptoms) arrives on the coach's side and is shown.
            await member.getByTestId('chat-attachment-type').selectOption('symptoms');
            await attach(member, { name: 'garganta.png', mimeType: 'image/png', buffer: PNG_1X1 });
            const image = coach.getByTestId('chat-drawer').getByTestId('chat-media-image');
            await image.waitFor({ state: 'visible', timeout: 15_000 });
            await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
            await snap(coach, 'chat-image-received');

            // A forged pdf (an executable) is refused, with the message shown in Spanish.
            await member.getByTestId('chat-attachment-type').selectOption('lab-test');
            await attach(member, { name: 'informe.pdf', mimeType: 'application/pdf', buffer: ELF_BYTES });
            await expect.poll(() => member.getByTestId('chat-error').textContent()).toBe('Solo puedes adjuntar imágenes o archivos PDF.');
            await snap(member, 'chat-forged-pdf-refused');

            // The member's connection drops: the socket is cut from the server side and the
            // network is gone, so it cannot come back until the network does.
            await memberCtx.setOffline(true);
            for (const socket of server.server.io.sockets.sockets.values()) {
              if (socket.rooms.has(userRoom(c.memberId))) socket.conn.close();
            }
            await expect.poll(() => member.getByTestId('chat-drawer').getAttribute('data-connection')).not.toBe('connected');
            await member.getByTestId('chat-loading').waitFor({ state: 'visible' });
            await sendText(member, 'Se me fue la señal');
            await sendText(coach, '¿Sigues ahí?');
            await sendText(coach, 'Te espero');
            await memberCtx.setOffline(false);
            await expect.poll(() => member.getByTestId('chat-drawer').getAttribute('data-connection'), { timeout: 20_000 }).toBe('connected');

            const expected = ['Hola doctora, me duele la garganta', 'Hola Ana, ¿me mandas una foto?'];
            await expect.poll(async () => (await bodies(coach)).filter((b) => !expected.includes(b)).sort(), { timeout: 15_000 }).toEqual(['Se me fue la señal', 'Te espero', '¿Sigues ahí?'].sort());
            await expect.poll(async () => (await bodies(member)).filter((b) => !expected.includes(b)).sort(), { timeout: 15_000 }).toEqual(['Se me fue la señal', 'Te espero', '¿Sigues ahí?'].sort());
            // Nothing doubled: every message once on each side (3 texts + 1 image + 3 after the drop).
            await expect.poll(() => member.getByTestId('chat-drawer').getByTestId('chat-message').count()).toBe(6);
            await expect.poll(() => coach.getByTestId('chat-drawer').getByTestId('chat-message').count()).toBe(6);
            expect(await member.getByTestId('chat-drawer').locator('[data-pending="true"]').count()).toBe(0);

            // A reload shows the same conversation once.
            await member.reload();
            // A returning member is asked to go back to the call (spec 4), then opens the chat again.
            await member.getByTestId('return-to-call-accept').click({ timeout: 20_000 });
            await member.getByTestId('call-open-chat').click({ timeout: 20_000 });
            await expect.poll(() => member.getByTestId('chat-drawer').getByTestId('chat-message').count(), { timeout: 15_000 }).toBe(6);
            await snap(member, 'chat-after-reload');

            // Once the coach has finished the consultation, the read-only history shows the same
            // conversation, without an input. (While the call is live, opening the app anew takes the
            // member back to her call: issue 9, recovery routes on the server's state.)
            await gql(APPOINTMENT_GQL.finishAppointment, { appointmentId: c.appointmentId }, c.coachToken);
            await member.goto(`${server.url}/consulta/historial/historial-chat?appointmentId=${c.appointmentId}`);
            await member.getByTestId('history-chat-screen').waitFor();
            await expect.poll(() => member.getByTestId('chat-message').count(), { timeout: 15_000 }).toBe(6);
            expect(await member.getByTestId('chat-input').count()).toBe(0);
            await expect.poll(() => member.getByTestId('chat-media-image').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
            } catch (e) {
              await snap(member, 'chat-failure-member');
              await snap(coach, 'chat-failure-coach');
              throw e;
            }
          },
          { media: true },
        );
      },
      { media: true },
    );
  });
});
