import type { AppointmentDto, ClinicianConsultation, ClinicianConsultationsResponse, ConsultationNoteDto, MemberCareView, PhysicianDto } from '@puente/contracts';
import type { AppointmentState } from '@puente/domain';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, vi } from 'vitest';
import { socketStore } from '@/lib/socket';
import { setSessionToken } from '@/lib/session';
import { appointment as baseAppointment, physician as basePhysician, topic } from '@/test/consultation-fixtures';
import { installFakeFetch, member, type FakeCall } from '@/test/fake-fetch';
import { resetDoctorNoticesForTests } from '../hooks/use-doctor-notice';

/** Test data and fakes at the network boundary (fetch and the socket) for the dashboard tests. */
export const COACH_ID = 'coach_1';
export const DOCTOR_ID = 'doctor_1';

/** The shared builders (test/consultation-fixtures), with the dashboard's defaults: the signed-in coach, no specialty or school. */
export const physician = (overrides: Partial<PhysicianDto> = {}): PhysicianDto =>
  basePhysician({ id: COACH_ID, medicalSpecialties: [], academicBackground: [], ...overrides });

/** The dashboard's appointment: another member (mem_9, named), in the US with a self-assessment, no topic yet. */
export const appointment = (overrides: Partial<AppointmentDto> = {}): AppointmentDto =>
  baseAppointment({
    memberId: 'mem_9',
    topic: null,
    selfAssessment: { appointmentReason: 'Dolor de cabeza', painLevel: 4, symptoms: ['fiebre'] },
    location: { country: 'US', state: 'CA', city: 'San Francisco' },
    preJoinStep: null,
    timezone: null,
    startDate: '2026-11-21T18:00:00.000Z',
    createdAt: '2026-11-21T18:00:00.000Z',
    updatedAt: '2026-11-21T18:00:00.000Z',
    memberName: 'Ana López',
    ...overrides,
  });

/** A row of her own list (issue 11): a coach's live consultation with Ana, requested just now. */
export const myConsultation = (overrides: Partial<ClinicianConsultation> = {}): ClinicianConsultation => ({
  id: 'apt_mine',
  memberName: 'Ana López',
  state: '3-coach-joins-call',
  channel: 'video-call',
  practice: 'health',
  role: 'coach',
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  escalatedAt: null,
  endDate: null,
  ...overrides,
});

export const NOTE: ConsultationNoteDto = {
  values: { subjective: 'Dolor desde ayer' },
  templates: [
    {
      _id: 'tpl_health',
      practice: 'health',
      name: 'SOAP',
      label: { member: 'Notas', mxPhysician: 'Notas SOAP del coach', usPhysician: 'SOAP notes (US doctor)' },
      fields: [
        { name: 'subjective', label: 'Subjetivo', kind: 'textarea' },
        { name: 'plan', label: 'Plan', kind: 'textarea' },
      ],
    },
  ],
  partnerProducts: [],
  parts: [],
  addenda: [],
};

/** A staff user as getMember answers (member() already carries every profile field, empty). */
export const staffMember = (overrides: Record<string, unknown>) => ({
  ...member(),
  agreedTosAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** GET /api/members/{id} as the server answers a physician: the care view only (no contact details). */
export const memberCareView = (overrides: Partial<MemberCareView> = {}): MemberCareView => ({
  id: 'mem_1',
  firstName: 'Ana',
  lastName: 'López',
  birthday: null,
  sex: null,
  gender: null,
  height: null,
  weight: null,
  heightMetricSystem: true,
  weightMetricSystem: true,
  alergies: [],
  medications: [],
  medicalConditions: [],
  surgeries: [],
  pharmacy: null,
  preferredLang: 'es',
  consultationLang: 'es',
  address: null,
  ...overrides,
});

type Gql = { query: string; variables: Record<string, unknown> };
const op = (call: FakeCall): { name: string; variables: Record<string, unknown> } | null => {
  if (call.url !== '/api/graphql') return null;
  const body = call.body as Gql;
  const name = /(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? '';
  return { name, variables: body.variables };
};

/**
 * A tiny in-memory server for the GraphQL operations the dashboard calls. Tests change `state`
 * (queue, appointments) and read `calls`; unknown operations answer 404.
 */
export const installStaffServer = (options: { userType: 'mx-physician' | 'us-physician'; queue?: AppointmentDto[]; appointments?: AppointmentDto[]; preferredLang?: 'es' | 'en' }) => {
  const me = options.userType === 'us-physician'
    ? physician({ id: DOCTOR_ID, firstName: 'Emily', lastName: 'Carter', userType: 'us-physician', languages: ['en'], licensedStates: ['CA', 'TX'] })
    : physician();
  const state = {
    profile: me,
    preferredLang: options.preferredLang,
    /** getConsultationNoteForMember's answer. */
    note: NOTE,
    queue: options.queue ?? [],
    appointments: new Map((options.appointments ?? []).map((a) => [a.id, a])),
    current: null as AppointmentDto | null,
    history: [] as unknown[],
    /** GET /api/members/{id}: the member's care view as the server shows it to her physician (null: 404). */
    memberProfile: null as MemberCareView | null,
    /** Next answer of updateAppointment: by default the requested state. */
    onUpdate: (a: AppointmentDto, to: AppointmentState): AppointmentDto => ({ ...a, state: to }),
    /** GET/PUT /api/physicians/{id}/calendar (issue 13). */
    /** GET /api/physicians/{id}/scheduled-appointments (issue 13). */
    scheduled: [] as unknown[],
    /** GET /api/physicians/{id}/consultations (issue 11): her own active and recent consultations. */
    mine: { active: [], recent: [] } as ClinicianConsultationsResponse,
    calendar: { physicianId: me.id, timeZone: 'America/Mexico_City', weekdays: [1, 2, 3, 4, 5], slotMinutes: 45, hours: [{ weekday: 1, starts: '09:00', ends: '13:00' }], exceptions: [] as { id: string; kind: 'time-off' | 'extra-hours'; startsAt: string; endsAt: string }[] },
  };
  const ok = (field: string, value: unknown) => ({ status: 200, body: { data: { [field]: value } } });
  const fake = installFakeFetch((call) => {
    // The prescription workspace (issues 11/12): no draft yet.
    if (/^\/api\/appointments\/[^/]+\/prescription$/.test(call.url)) return { status: 200, body: { prescription: null } };
    if (call.url === `/api/physicians/${me.id}/consultations`) return { status: 200, body: state.mine };
    if (call.url === `/api/physicians/${me.id}/scheduled-appointments`) return { status: 200, body: { scheduledAppointments: state.scheduled } };
    if (call.url === `/api/physicians/${me.id}/calendar`) {
      if (call.method === 'PUT') state.calendar = { ...state.calendar, ...(call.body as Partial<typeof state.calendar>) };
      return { status: 200, body: state.calendar };
    }
    if (call.url === `/api/physicians/${me.id}/calendar/exceptions` && call.method === 'POST') {
      state.calendar = { ...state.calendar, exceptions: [...state.calendar.exceptions, { id: `exc_${state.calendar.exceptions.length + 1}`, ...(call.body as { kind: 'time-off'; startsAt: string; endsAt: string }) }] };
      return { status: 200, body: state.calendar };
    }
    // PATCH /api/members/{id}/health-profile (issue 11): the clinician's edit, answered with the updated care view.
    if (state.memberProfile && call.url === `/api/members/${state.memberProfile.id}/health-profile` && call.method === 'PATCH') {
      // (The lists sent replace the fake's: it has no one else editing, so basedOn changes nothing.)
      const { basedOn: _read, ...lists } = call.body as Partial<MemberCareView> & { basedOn?: unknown };
      state.memberProfile = { ...state.memberProfile, ...lists };
      return { status: 200, body: state.memberProfile };
    }
    if (call.url.startsWith('/api/members/')) {
      const profile = state.memberProfile;
      return profile && call.url === `/api/members/${profile.id}`
        ? { status: 200, body: profile }
        : { status: 404, body: { error: { code: 'NOT_FOUND', status: 404, message: 'not found' } } };
    }
    const o = op(call);
    if (!o) return undefined;
    const v = o.variables;
    switch (o.name) {
      case 'GetMember':
        return ok('getMember', staffMember({ id: me.id, firstName: me.firstName, lastName: me.lastName, userType: me.userType, ...(state.preferredLang ? { preferredLang: state.preferredLang } : {}) }));
      case 'UpdateMember': {
        // The staff language choice (issue 11): her preferredLang.
        const data = v.data as { preferredLang?: 'es' | 'en' };
        if (data.preferredLang) state.preferredLang = data.preferredLang;
        return ok('updateMember', staffMember({ id: me.id, firstName: me.firstName, lastName: me.lastName, userType: me.userType, ...(state.preferredLang ? { preferredLang: state.preferredLang } : {}) }));
      }
      case 'GetMyPhysicianProfile':
        return ok('getMyPhysicianProfile', state.profile);
      case 'SetAvailability':
        state.profile = { ...state.profile, isAvailable: v.isAvailable as boolean };
        return ok('setAvailability', state.profile);
      // The default topics template in the asked language (issue 11: the topic in the reader's language).
      case 'GetConsultationTopicsTemplate': {
        const en = v.lang === 'en';
        const sub = topic({ id: 'ph_throat', title: en ? 'Throat and ears' : 'Garganta y oídos' });
        return ok('getConsultationTopicsTemplate', {
          id: 'default',
          mainActions: [topic({ title: en ? 'Physical health' : 'Salud física', subtopics: [sub] }), topic({ id: 'hardcoded_mh_topic', practice: 'mentalhealth', title: en ? 'Mental health' : 'Salud mental' })],
          sections: [],
        });
      }
      case 'GetAppointmentQueue':
        return ok('getAppointmentQueue', state.queue);
      case 'GetCurrentAppointment':
        return ok('getCurrentAppointment', state.current);
      case 'GetAppointment': {
        const a = state.appointments.get(v.appointmentId as string);
        return a ? ok('getAppointment', a) : { status: 200, body: { data: null, errors: [{ message: 'not found', extensions: { error: { code: 'NOT_FOUND', status: 404, message: 'not found' } } }] } };
      }
      case 'AcceptAppointment': {
        const id = v.appointmentId as string;
        const base = state.appointments.get(id) ?? state.queue.find((a) => a.id === id)!;
        const accepted =
          options.userType === 'mx-physician'
            ? { ...base, state: '2-coach-is-reviewing' as const, mxDoctorId: me.id, mxDoctor: me }
            : { ...base, state: '7-er-is-reviewing' as const, usDoctorId: me.id, usDoctor: me, usDoctorNeeded: true };
        state.appointments.set(id, accepted);
        state.queue = state.queue.filter((a) => a.id !== id);
        return ok('acceptAppointment', accepted);
      }
      case 'DeclineAppointment':
        state.queue = state.queue.filter((a) => a.id !== v.appointmentId);
        return ok('declineAppointment', true);
      case 'UpdateAppointment': {
        const input = v.appointment as { id: string; state: AppointmentState };
        const next = state.onUpdate(state.appointments.get(input.id)!, input.state);
        state.appointments.set(input.id, next);
        return ok('updateAppointment', next);
      }
      case 'FinishAppointment': {
        const id = v.appointmentId as string;
        const next = { ...state.appointments.get(id)!, state: '11-finished' as const };
        state.appointments.set(id, next);
        return ok('finishAppointment', next);
      }
      case 'SendPrescription': {
        const id = v.appointmentId as string;
        const next = { ...state.appointments.get(id)!, state: '10-er-sends-rx' as const, prescriptions: v.prescriptions as AppointmentDto['prescriptions'] };
        state.appointments.set(id, next);
        return ok('sendPrescription', next);
      }
      case 'SaveMedicalRecord': {
        const id = v.appointmentId as string;
        // As the server merges it: by section, the plan by field.
        const current = state.appointments.get(id)!;
        const changes = v.medicalRecord as NonNullable<AppointmentDto['medicalRecord']>;
        const before = current.medicalRecord ?? { internalNotes: null, plan: null, pharmacy: null };
        const medicalRecord = { ...before, ...changes, ...(changes.plan ? { plan: { ...before.plan, ...changes.plan } } : {}) };
        const next = { ...current, medicalRecord };
        state.appointments.set(id, next);
        return ok('saveMedicalRecord', next);
      }
      case 'GetAppointmentsHistory':
        return ok('getAppointmentsHistory', state.history);
      case 'GetConsultationNoteForMember':
        return ok('getConsultationNoteForMember', state.note);
      case 'SaveConsultationNote':
        return ok('saveConsultationNote', { ...NOTE, values: v.values as Record<string, unknown> });
      // The signed record (issue 11): signing stamps the author's part; an addendum is appended.
      case 'SignConsultationNote':
        state.note = { ...state.note, parts: state.note.parts.map((p) => (p.authorId === v.authorId ? { ...p, signedAt: '2026-11-21T18:41:00.000Z' } : p)) };
        return ok('signConsultationNote', state.note);
      case 'AddConsultationNoteAddendum':
        state.note = {
          ...state.note,
          addenda: [...state.note.addenda, { id: `add_${state.note.addenda.length + 1}`, authorId: me.id, authorName: `${me.firstName} ${me.lastName}`, authorRole: options.userType, text: v.text as string, createdAt: '2026-11-21T18:45:00.000Z' }],
        };
        return ok('addConsultationNoteAddendum', state.note);
      default:
        return undefined;
    }
  });
  const opCalls = (name: string) => fake.calls.map(op).filter((o): o is NonNullable<typeof o> => o?.name === name);
  setSessionToken('st_staff');
  return { ...fake, state, me, opCalls };
};

/** A fake socket in the app's socket store: tests deliver server events with `serverEmit`. */
export const installFakeSocket = () => {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const emitted: { event: string; payload: unknown }[] = [];
  const fake = {
    connected: true,
    on: (event: string, fn: (payload: unknown) => void) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(fn);
      return fake;
    },
    off: (event: string, fn: (payload: unknown) => void) => {
      handlers.get(event)?.delete(fn);
      return fake;
    },
    emit: (event: string, payload: unknown) => {
      emitted.push({ event, payload });
      return fake;
    },
  };
  socketStore.set(fake as unknown as Socket);
  return {
    emitted,
    serverEmit: (event: string, payload: unknown) => handlers.get(event)?.forEach((fn) => fn(payload)),
    listeners: (event: string) => handlers.get(event)?.size ?? 0,
    remove: () => socketStore.set(null),
  };
};

/**
 * What every whole-app dashboard test file sets up: longer waits (whole-app renders are slow on a
 * busy machine), and per test fresh doctor notices and a fake socket. Returns a handle to the
 * current test's socket.
 */
export function dashboardTestEnv() {
  vi.setConfig({ testTimeout: 30_000 });
  let current: ReturnType<typeof installFakeSocket> | undefined;
  beforeEach(() => {
    resetDoctorNoticesForTests();
    current = installFakeSocket();
  });
  afterEach(() => current?.remove());
  const socket = () => {
    if (!current) throw new Error('the fake socket exists inside a test only');
    return current;
  };
  return {
    get emitted() {
      return socket().emitted;
    },
    serverEmit: (event: string, payload: unknown) => socket().serverEmit(event, payload),
    listeners: (event: string) => socket().listeners(event),
  };
}

/** An appointment-alert payload as the server sends it. */
export const alertFor = (a: AppointmentDto) => ({
  appointmentId: a.id,
  state: a.state,
  statusReason: a.statusReason,
  previousState: null,
  type: a.type,
  memberId: a.memberId,
  mxDoctorId: a.mxDoctorId,
  usDoctorId: a.usDoctorId,
  usDoctorNeeded: a.usDoctorNeeded,
  at: new Date().toISOString(),
});

const fakeStream = () => ({ getTracks: () => [], getAudioTracks: () => [], getVideoTracks: () => [], addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaStream;

/** The clinician's call in jsdom: a fake camera (only mediaDevices; the rest of navigator stays real for MUI) and silent video elements, each test. */
export function fakeCameraBetweenTests(): void {
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn(async () => fakeStream()) } });
    return () => {
      Reflect.deleteProperty(navigator, 'mediaDevices');
      vi.unstubAllGlobals();
    };
  });
}

/** GET /api/video/token: the room's ICE servers (none needed in jsdom), in front of the fake server. */
export const answerVideoToken = (): void => {
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/api/video/token')) {
      return new Response(JSON.stringify({ roomName: 'apt_1', identity: 'me', iceServers: [], expiresAt: new Date(Date.now() + 3_600_000).toISOString() }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    return inner(input, init);
  });
};
