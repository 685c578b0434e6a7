import { randomUUID } from 'node:crypto';
import {
  apiErrorSchema,
  attachmentResponseSchema,
  CHAT_PATHS,
  chatMessageEventSchema,
  chatSendAckSchema,
  conversationResponseSchema,
  createConversationResponseSchema,
  INBOUND_EMAIL_SECRET_HEADER,
  REALTIME_EVENTS,
  type ChatMessageDto,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@puente/contracts';
import { CHAT, type Channel } from '@puente/domain';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, outbox, type UserRow } from '../../db/schema';
import { createMember, createSessionFor, insertConsultation, request, startTestServer, type TestServer } from '../../test';
import { and, desc, eq } from 'drizzle-orm';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A real 1x1 PNG. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** The start of a Linux executable (ELF header), padded: what a forged "informe.pdf" might hold. */
const ELF_BYTES = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120, 0)]);
/** A Windows executable (MZ header). */
const MZ_BYTES = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
/** A minimal PDF. */
const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

interface Cast {
  member: UserRow;
  coach: UserRow;
  stranger: UserRow;
  otherCoach: UserRow;
  admin: UserRow;
  tokens: { member: string; coach: string; stranger: string; otherCoach: string; admin: string };
  appointmentId: string;
}

/** A member and their coach in a call (S3), a stranger, a coach of someone else, an admin. */
async function cast(channel: Channel = 'video-call'): Promise<Cast> {
  const suffix = randomUUID().slice(0, 8);
  const member = await createMember(t.server, { firstName: 'Ana', lastName: 'López', email: `ana.${suffix}@example.com` });
  const coach = await createMember(t.server, { userType: 'mx-physician', firstName: 'María', lastName: 'Hernández', email: `maria.${suffix}@example.com`, languages: ['es'], practice: 'health' });
  const stranger = await createMember(t.server);
  const otherCoach = await createMember(t.server, { userType: 'mx-physician', firstName: 'Otro', email: `otro.${suffix}@example.com` });
  const admin = await createMember(t.server, { userType: 'admin', firstName: 'Admin' });
  const row = await insertConsultation(t.server, { memberId: member.id, mxDoctorId: coach.id, channel });
  const session = async (u: UserRow) => (await createSessionFor(t.server, u.id)).sessionToken;
  return {
    member,
    coach,
    stranger,
    otherCoach,
    admin,
    tokens: { member: await session(member), coach: await session(coach), stranger: await session(stranger), otherCoach: await session(otherCoach), admin: await session(admin) },
    appointmentId: row!.id,
  };
}

async function conversationOf(c: Cast, token = c.tokens.member): Promise<string> {
  const res = await request(t.url, CHAT_PATHS.conversations, { body: { appointmentId: c.appointmentId }, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return createConversationResponseSchema.parse(res.body).id;
}

const open = (token: string): Promise<ClientSocket> =>
  new Promise((resolve, reject) => {
    const socket: ClientSocket = connect(t.url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });

const send = async (socket: ClientSocket, conversationId: string, body: string, clientMessageId = randomUUID()) =>
  chatSendAckSchema.parse(await socket.timeout(10_000).emitWithAck(REALTIME_EVENTS.chatSend, { conversationId, clientMessageId, body }));

const sent = (ack: Awaited<ReturnType<typeof send>>): ChatMessageDto => {
  if (!('ok' in ack)) throw new Error(`refused: ${JSON.stringify(ack)}`);
  return ack.message;
};

async function upload(token: string, conversationId: string, file: { name: string; type: string; data: Buffer }, fields: Record<string, string> = {}, lang = 'es') {
  const form = new FormData();
  form.set('type', fields.type ?? 'symptoms');
  form.set('clientMessageId', fields.clientMessageId ?? randomUUID());
  form.set('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const res = await fetch(`${t.url}${CHAT_PATHS.attachments(conversationId)}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
  return { status: res.status, body: (await res.json()) as unknown };
}

const received = (socket: ClientSocket): ChatMessageDto[] => {
  const list: ChatMessageDto[] = [];
  socket.on(REALTIME_EVENTS.chatMessage, (payload) => list.push(chatMessageEventSchema.parse(payload).message));
  return list;
};
/** A round trip on the socket, so everything emitted before it has arrived. */
const settle = async (socket: ClientSocket) => {
  await socket.emitWithAck(REALTIME_EVENTS.socketIdUpdate);
  await new Promise((r) => setTimeout(r, 30));
};

describe('conversations: one per appointment, participants only', () => {
  it('the member opens the chat; the coach gets the same conversation; the appointment keeps its id', async () => {
    const c = await cast();
    const id = await conversationOf(c);
    // The conversation is named by the appointment (what a guest-link session is scoped to).
    expect(id).toBe(c.appointmentId);
    expect(await conversationOf(c, c.tokens.coach)).toBe(id);
    const [row] = await t.server.database.db.select().from(appointments).where(eq(appointments.id, c.appointmentId));
    expect(row!.conversationId).toBe(id);
    expect(row!.chatHasMessages).toBe(false);
    const res = await request(t.url, CHAT_PATHS.conversation(id), { token: c.tokens.coach });
    const conversation = conversationResponseSchema.parse(res.body);
    expect(conversation.participants.map((p) => p.attributes)).toEqual(
      expect.arrayContaining([
        { author: 'Ana López', userType: 'member', imgUrl: null },
        { author: 'María Hernández', userType: 'mx-physician', imgUrl: null },
      ]),
    );
    expect(conversation.messages).toEqual([]);
  });

  it('a stranger, another coach and an anonymous caller are told it does not exist (404 / 401)', async () => {
    const c = await cast();
    const id = await conversationOf(c);
    for (const token of [c.tokens.stranger, c.tokens.otherCoach]) {
      const created = await request(t.url, CHAT_PATHS.conversations, { body: { appointmentId: c.appointmentId }, token });
      expect(created.status).toBe(404);
      expect(apiErrorSchema.parse(created.body).error.code).toBe('NOT_FOUND');
      expect((await request(t.url, CHAT_PATHS.conversation(id), { token })).status).toBe(404);
      expect((await upload(token, id, { name: 'a.png', type: 'image/png', data: PNG_1X1 })).status).toBe(404);
    }
    expect((await request(t.url, CHAT_PATHS.conversation(id))).status).toBe(401);
    expect((await request(t.url, CHAT_PATHS.conversations, { body: { appointmentId: c.appointmentId } })).status).toBe(401);
    // An admin may read it.
    expect((await request(t.url, CHAT_PATHS.conversation(id), { token: c.tokens.admin })).status).toBe(200);
  });

  it('reading the conversation of an appointment creates it (no POST needed); for others it does not exist', async () => {
    const c = await cast();
    expect((await request(t.url, CHAT_PATHS.conversation(c.appointmentId), { token: c.tokens.stranger })).status).toBe(404);
    const res = await request(t.url, CHAT_PATHS.conversation(c.appointmentId), { token: c.tokens.member });
    expect(res.status).toBe(200);
    expect(conversationResponseSchema.parse(res.body)).toMatchObject({ id: c.appointmentId, appointmentId: c.appointmentId, channel: 'chat', messages: [] });
    const [row] = await t.server.database.db.select().from(appointments).where(eq(appointments.id, c.appointmentId));
    expect(row!.conversationId).toBe(c.appointmentId);
  });

  it('bad input is a catalogue error, never a 500', async () => {
    const c = await cast();
    const bad = await request(t.url, CHAT_PATHS.conversations, { body: { appointmentId: 'nope' }, token: c.tokens.member });
    expect(bad.status).toBe(400);
    expect(apiErrorSchema.parse(bad.body).error).toMatchObject({ code: 'INVALID_DATA', fields: { appointmentId: 'invalid_appointment' } });
    expect((await request(t.url, CHAT_PATHS.conversation('not-a-uuid'), { token: c.tokens.member })).status).toBe(404);
    expect((await request(t.url, CHAT_PATHS.conversations, { body: { appointmentId: randomUUID() }, token: c.tokens.member })).status).toBe(404);
  });
});

describe('messages over the socket', () => {
  it('member and coach chat; a stranger connected at the same time receives nothing and cannot send', async () => {
    const c = await cast();
    const id = await conversationOf(c);
    const [memberSocket, coachSocket, strangerSocket] = await Promise.all([open(c.tokens.member), open(c.tokens.coach), open(c.tokens.stranger)]);
    const toCoach = received(coachSocket);
    const toMember = received(memberSocket);
    const toStranger = received(strangerSocket);
    try {
      const hello = sent(await send(memberSocket, id, '  Hola doctora  '));
      expect(hello).toMatchObject({ body: 'Hola doctora', author: c.member.id, index: 1, source: 'app' });
      sent(await send(coachSocket, id, 'Hola Ana, ¿cómo te sientes?'));
      const refused = await send(strangerSocket, id, 'me cuelo');
      expect('error' in refused && refused.error.code).toBe('NOT_FOUND');
      await Promise.all([settle(memberSocket), settle(coachSocket), settle(strangerSocket)]);
      expect(toCoach.map((m) => m.body)).toEqual(['Hola doctora', 'Hola Ana, ¿cómo te sientes?']);
      expect(toMember.map((m) => m.body)).toEqual(['Hola doctora', 'Hola Ana, ¿cómo te sientes?']);
      expect(toStranger).toEqual([]);
      const [row] = await t.server.database.db.select().from(appointments).where(eq(appointments.id, c.appointmentId));
      expect(row!.chatHasMessages).toBe(true);
    } finally {
      for (const s of [memberSocket, coachSocket, strangerSocket]) s.close();
    }
  });

  it('the policy is read again before every emit: a coach taken off the appointment stops receiving; the US doctor who joins starts', async () => {
    const c = await cast();
    const id = await conversationOf(c);
    const doctor = await createMember(t.server, { userType: 'us-physician', firstName: 'Emily', lastName: 'Carter' });
    const doctorToken = (await createSessionFor(t.server, doctor.id)).sessionToken;
    const [memberSocket, coachSocket, doctorSocket] = await Promise.all([open(c.tokens.member), open(c.tokens.coach), open(doctorToken)]);
    const toCoach = received(coachSocket);
    const toDoctor = received(doctorSocket);
    try {
      sent(await send(memberSocket, id, 'primero'));
      await t.server.database.db.update(appointments).set({ mxDoctorId: c.otherCoach.id, usDoctorId: doctor.id }).where(eq(appointments.id, c.appointmentId));
      sent(await send(memberSocket, id, 'segundo'));
      await Promise.all([settle(coachSocket), settle(doctorSocket)]);
      expect(toCoach.map((m) => m.body)).toEqual(['primero']);
      expect(toDoctor.map((m) => m.body)).toEqual(['segundo']);
      // The doctor now sees the whole conversation and is listed as a participant; the old coach gets 404.
      const page = conversationResponseSchema.parse((await request(t.url, CHAT_PATHS.conversation(id), { token: doctorToken })).body);
      expect(page.messages.map((m) => m.body)).toEqual(['primero', 'segundo']);
      expect(page.participants.find((p) => p.identity === doctor.id)?.attributes).toEqual({ author: 'Emily Carter', userType: 'us-physician', imgUrl: null });
      expect((await request(t.url, CHAT_PATHS.conversation(id), { token: c.tokens.coach })).status).toBe(404);
    } finally {
      for (const s of [memberSocket, coachSocket, doctorSocket]) s.close();
    }
  });

  it('spec 5: a message that is empty after trimming is refused (INVALID_DATA with the key)', async () => {
    const c = await cast();
    const id = await conversationOf(c);
    const socket = await open(c.tokens.member);
    try {
      const ack = await send(socket, id, '   \n  ');
      expect('error' in ack && ack.error).toMatchObject({ code: 'INVALID_DATA', fields: { body: 'chat_message_empty' } });
    } finally {
      socket.close();
    }
  });

  it('a send retried with the same client id is stored once and acked with the same message', async () => {
    const c = await cast();
    const id = await conversationOf(c);
    const [memberSocket, coachSocket] = await Promise.all([open(c.tokens.member), open(c.tokens.coach)]);
    const toCoach = received(coachSocket);
    try {
      const clientMessageId = randomUUID();
      const acks = await Promise.all([send(memberSocket, id, 'una vez', clientMessageId), send(memberSocket, id, 'una vez', clientMessageId)]);
      const again = sent(await send(memberSocket, id, 'una vez', clientMessageId));
      const sids = new Set([...acks.map(sent), again].map((m) => m.sid));
      expect(sids.size).toBe(1);
      await settle(coachSocket);
      expect(toCoach.filter((m) => m.clientMessageId === clientMessageId)).toHaveLength(1);
      const page = conversationResponseSchema.parse((await request(t.url, CHAT_PATHS.conversation(id), { token: c.tokens.member })).body);
      expect(page.messages.filter((m) => m.clientMessageId === clientMessageId)).toHaveLength(1);
    } finally {
      memberSocket.close();
      coachSocket.close();
    }
  });

  it('after a dropped socket the member fetches what arrived meanwhile (after the last index), once', async () => {
    const c = await cast();
    const id = await conversationOf(c);
    let memberSocket = await open(c.tokens.member);
    const coachSocket = await open(c.tokens.coach);
    try {
      const first = sent(await send(memberSocket, id, 'antes de perder la señal'));
      memberSocket.close();
      const missed = [sent(await send(coachSocket, id, '¿sigues ahí?')), sent(await send(coachSocket, id, 'te espero'))];
      memberSocket = await open(c.tokens.member);
      const since = conversationResponseSchema.parse((await request(t.url, `${CHAT_PATHS.conversation(id)}?after=${first.index}`, { token: c.tokens.member })).body);
      expect(since.messages.map((m) => m.sid)).toEqual(missed.map((m) => m.sid));
      expect(since.hasMore).toBe(false);
      // Pages: the newest page, then the one before it.
      for (let i = 0; i < 4; i++) sent(await send(memberSocket, id, `m${i}`));
      const newest = conversationResponseSchema.parse((await request(t.url, `${CHAT_PATHS.conversation(id)}?limit=3`, { token: c.tokens.member })).body);
      expect(newest.messages.map((m) => m.body)).toEqual(['m1', 'm2', 'm3']);
      expect(newest.hasMore).toBe(true);
      const older = conversationResponseSchema.parse((await request(t.url, `${CHAT_PATHS.conversation(id)}?before=${newest.messages[0]!.index}&limit=10`, { token: c.tokens.member })).body);
      expect(older.messages.map((m) => m.body)).toEqual(['antes de perder la señal', '¿sigues ahí?', 'te espero', 'm0']);
      expect(older.hasMore).toBe(false);
    } finally {
      memberSocket.close();
      coachSocket.close();
    }
  });
});

describe('attachments: the bytes decide', () => {
  it('a real PNG is accepted, stored and reaches the coach; only participants can download it', async () => {
    const c = await cast();
    const id = await conversationOf(c);
    const coachSocket = await open(c.tokens.coach);
    const toCoach = received(coachSocket);
    try {
      // The client calls it a PDF; the bytes say PNG, and PNG is what is stored.
      const res = await upload(c.tokens.member, id, { name: 'foto de mi garganta tomada hoy en la mañana.pdf', type: 'application/pdf', data: PNG_1X1 }, { type: 'symptoms' });
      expect(res.status).toBe(201);
      const { message } = attachmentResponseSchema.parse(res.body);
      expect(message.media).toMatchObject({ contentType: 'image/png', fileName: 'foto de mi garganta tomada hoy en la mañana.png', type: 'symptoms', size: PNG_1X1.length });
      await settle(coachSocket);
      expect(toCoach.map((m) => m.sid)).toEqual([message.sid]);
      const download = await fetch(`${t.url}${message.media!.url}`, { headers: { authorization: `Bearer ${c.tokens.coach}` } });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('image/png');
      expect(download.headers.get('content-disposition')).toMatch(/^inline; filename=".*\.png"; filename\*=UTF-8''/);
      expect(download.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await download.arrayBuffer()).equals(PNG_1X1)).toBe(true);
      for (const token of [c.tokens.stranger, c.tokens.otherCoach]) {
        expect((await fetch(`${t.url}${message.media!.url}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
      }
      expect((await fetch(`${t.url}${message.media!.url}`)).status).toBe(401);
    } finally {
      coachSocket.close();
    }
  });

  it('a phone-sized photo (3 MB, over the JSON body limit) is accepted', async () => {
    const c = await cast();
    const id = await conversationOf(c);
    const photo = Buffer.concat([PNG_1X1, Buffer.alloc(3 * 1024 * 1024, 7)]);
    const res = await upload(c.tokens.member, id, { name: 'foto.png', type: 'image/png', data: photo });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(attachmentResponseSchema.parse(res.body).message.media?.size).toBe(photo.length);
  });

  it('a PDF is accepted as a lab test', async () => {
    const c = await cast();
    const id = await conversationOf(c);
    const res = await upload(c.tokens.coach, id, { name: 'resultados.pdf', type: 'application/pdf', data: PDF_BYTES }, { type: 'lab-test' });
    expect(res.status).toBe(201);
    expect(attachmentResponseSchema.parse(res.body).message.media).toMatchObject({ contentType: 'application/pdf', type: 'lab-test' });
  });

  it('an executable renamed .pdf (ELF or MZ) is refused with the catalogue error in the user language', async () => {
    const c = await cast();
    const id = await conversationOf(c);
    const es = await upload(c.tokens.member, id, { name: 'informe.pdf', type: 'application/pdf', data: ELF_BYTES });
    expect(es.status).toBe(400);
    expect(apiErrorSchema.parse(es.body).error).toMatchObject({ code: 'INVALID_DATA', message: 'Revisa los datos enviados.', fields: { file: 'chat_attachment_type_error' } });
    // An English-speaking member gets the English message.
    const john = await createMember(t.server, { preferredLang: 'en' });
    await t.server.database.db.update(appointments).set({ memberId: john.id }).where(eq(appointments.id, c.appointmentId));
    const johnToken = (await createSessionFor(t.server, john.id)).sessionToken;
    const en = await upload(johnToken, id, { name: 'report.pdf', type: 'application/pdf', data: MZ_BYTES }, {}, 'en');
    expect(en.status).toBe(400);
    expect(apiErrorSchema.parse(en.body).error).toMatchObject({ code: 'INVALID_DATA', message: 'Please check the information you sent.', fields: { file: 'chat_attachment_type_error' } });
    const page = conversationResponseSchema.parse((await request(t.url, CHAT_PATHS.conversation(id), { token: johnToken })).body);
    expect(page.messages).toEqual([]);
  });

  it('a file over the size limit is refused (INVALID_DATA, size key); a bad attachment type too', async () => {
    const c = await cast();
    const id = await conversationOf(c);
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(CHAT.attachmentMaxBytes, 0)]);
    const res = await upload(c.tokens.member, id, { name: 'grande.png', type: 'image/png', data: big });
    expect(res.status).toBe(400);
    expect(apiErrorSchema.parse(res.body).error).toMatchObject({ code: 'INVALID_DATA', fields: { file: 'chat_attachment_size_error' } });
    const badType = await upload(c.tokens.member, id, { name: 'a.png', type: 'image/png', data: PNG_1X1 }, { type: 'x-ray' });
    expect(badType.status).toBe(400);
    expect(apiErrorSchema.parse(badType.body).error.fields).toEqual({ type: 'chat_attachment_type_error' });
  });

  it('a retried upload with the same client id is one message', async () => {
    const c = await cast();
    const id = await conversationOf(c);
    const clientMessageId = randomUUID();
    const a = attachmentResponseSchema.parse((await upload(c.tokens.member, id, { name: 'a.png', type: 'image/png', data: PNG_1X1 }, { clientMessageId })).body);
    const b = attachmentResponseSchema.parse((await upload(c.tokens.member, id, { name: 'a.png', type: 'image/png', data: PNG_1X1 }, { clientMessageId })).body);
    expect(b.message.sid).toBe(a.message.sid);
    const download = await fetch(`${t.url}${a.message.media!.url}`, { headers: { authorization: `Bearer ${c.tokens.member}` } });
    expect(download.status).toBe(200);
  });
});

describe('email channel: replies thread into the consultation', () => {
  const latestEmailTo = async (to: string) => {
    const [row] = await t.server.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, to), eq(outbox.channel, 'email')))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    return row;
  };

  it('a member message is emailed to the coach with a reply address; the reply comes back as the coach', async () => {
    const c = await cast('email');
    const id = await conversationOf(c);
    const memberSocket = await open(c.tokens.member);
    const toMember = received(memberSocket);
    try {
      sent(await send(memberSocket, id, 'Tengo tos desde hace tres días'));
      const email = await latestEmailTo(c.coach.email!);
      expect(email?.subject).toBe('Puente: nuevo mensaje en tu consulta');
      expect(email?.body).toContain('Tengo tos desde hace tres días');
      const replyTo = /reply\+[A-Za-z0-9_-]+@[^\s]+/.exec(email!.body)?.[0];
      expect(replyTo).toBeDefined();
      // The member is not emailed their own message.
      expect(await latestEmailTo(c.member.email!)).toBeUndefined();

      const inbound = {
        from: `María Hernández <${c.coach.email!.toUpperCase()}>`,
        to: replyTo!,
        subject: 'Re: Puente: nuevo mensaje en tu consulta',
        text: 'Toma mucha agua y descansa.\n\nEl lun, 3 nov 2026 a las 10:00, Puente escribió:\n> Tengo tos desde hace tres días',
        messageId: '<abc123@mail.example>',
      };
      const res = await request(t.url, CHAT_PATHS.inboundEmail, { body: inbound, headers: { [INBOUND_EMAIL_SECRET_HEADER]: t.server.config.inboundEmailSecret! } });
      expect(res.status).toBe(200);
      await settle(memberSocket);
      expect(toMember.map((m) => [m.body, m.author, m.source])).toEqual([
        ['Tengo tos desde hace tres días', c.member.id, 'app'],
        ['Toma mucha agua y descansa.', c.coach.id, 'email'],
      ]);
      // The member, on the other side, gets the coach's reply by email too.
      expect((await latestEmailTo(c.member.email!))?.body).toContain('Toma mucha agua y descansa.');
      // The mail gateway delivering the same email twice adds nothing.
      expect((await request(t.url, CHAT_PATHS.inboundEmail, { body: inbound, headers: { [INBOUND_EMAIL_SECRET_HEADER]: t.server.config.inboundEmailSecret! } })).status).toBe(200);
      const page = conversationResponseSchema.parse((await request(t.url, CHAT_PATHS.conversation(id), { token: c.tokens.member })).body);
      expect(page.channel).toBe('email');
      expect(page.messages).toHaveLength(2);
    } finally {
      memberSocket.close();
    }
  });

  it('without the shared secret, from a stranger, or to an unknown token the reply is refused', async () => {
    const c = await cast('email');
    const id = await conversationOf(c);
    const memberSocket = await open(c.tokens.member);
    try {
      sent(await send(memberSocket, id, 'Hola'));
    } finally {
      memberSocket.close();
    }
    const replyTo = /reply\+[A-Za-z0-9_-]+@[^\s]+/.exec((await latestEmailTo(c.coach.email!))!.body)![0];
    const secret = { [INBOUND_EMAIL_SECRET_HEADER]: t.server.config.inboundEmailSecret! };
    const body = { from: c.coach.email!, to: replyTo, text: 'hola' };
    expect((await request(t.url, CHAT_PATHS.inboundEmail, { body })).status).toBe(401);
    expect((await request(t.url, CHAT_PATHS.inboundEmail, { body, headers: { [INBOUND_EMAIL_SECRET_HEADER]: 'wrong' } })).status).toBe(401);
    expect((await request(t.url, CHAT_PATHS.inboundEmail, { body: { ...body, from: 'intruso@example.com' }, headers: secret })).status).toBe(404);
    expect((await request(t.url, CHAT_PATHS.inboundEmail, { body: { ...body, to: 'reply+AAAAAAAAAAAAAAAAAAAAAAAA@puente.local' }, headers: secret })).status).toBe(404);
    const empty = await request(t.url, CHAT_PATHS.inboundEmail, { body: { ...body, text: '> solo la cita' }, headers: secret });
    expect(empty.status).toBe(400);
    expect(apiErrorSchema.parse(empty.body).error.fields).toEqual({ text: 'chat_message_empty' });
    const page = conversationResponseSchema.parse((await request(t.url, CHAT_PATHS.conversation(id), { token: c.tokens.member })).body);
    expect(page.messages.map((m) => m.body)).toEqual(['Hola']);
  });

  it('in a video consultation nothing is emailed', async () => {
    const c = await cast('video-call');
    const id = await conversationOf(c);
    const memberSocket = await open(c.tokens.member);
    try {
      sent(await send(memberSocket, id, 'Hola'));
    } finally {
      memberSocket.close();
    }
    expect(await latestEmailTo(c.coach.email!)).toBeUndefined();
  });
});
