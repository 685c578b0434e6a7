import type { AppointmentDto, PhysicianDto } from '@puente/contracts';
import { installFakeFetch, member, type FakeAnswer, type FakeCall, type FakeHandler } from './fake-fetch';
import { setSessionToken } from '@/lib/session';

/** Fixtures in the contracts' shapes, for the consultation and home screens' tests. */
export const physician = (overrides: Partial<PhysicianDto> = {}): PhysicianDto => ({
  id: 'doc_1',
  firstName: 'María',
  lastName: 'Hernández',
  nickName: null,
  imgUrl: null,
  languages: ['es'],
  medicalSpecialties: [{ speciality: 'Medicina general' }],
  practice: 'health',
  userType: 'mx-physician',
  isOnline: true,
  isAvailable: true,
  academicBackground: [{ institutionName: 'UNAM' }],
  bio: null,
  licensedStates: [],
  ...overrides,
});

export const appointment = (overrides: Partial<AppointmentDto> = {}): AppointmentDto => ({
  id: 'apt_1',
  memberId: 'mem_1',
  mxDoctorId: null,
  usDoctorId: null,
  mxDoctor: null,
  usDoctor: null,
  state: '1-in-queue-for-coach',
  statusReason: null,
  status: 'in-progress',
  statusUserId: null,
  type: 'on-demand',
  channel: 'video-call',
  previousChannel: null,
  practice: 'health',
  language: 'es',
  topic: { topicId: 'hardcoded_ph_topic', topicText: 'Salud física', subtopicId: null, subtopicText: null },
  selfAssessment: null,
  location: { country: 'MX', state: 'Jalisco', city: 'Zapopan' },
  serviceScope: 'full-care',
  usDoctorNeeded: false,
  prescriptionNeeded: false,
  prescriptions: [],
  medicalRecord: null,
  roomName: null,
  preJoinStep: 3,
  cameraAccessGranted: null,
  memberJoinMethod: null,
  connectionStrength: null,
  isMxDoctorBusy: false,
  chatHasMessages: false,
  conversationid: null,
  parentAppointmentId: null,
  chiefComplaint: null,
  templateId: null,
  timezone: 'America/Mexico_City',
  createdByRole: 'member',
  startDate: '2026-01-01T10:00:00.000Z',
  endDate: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  deadlineAt: null,
  memberName: null,
  ...overrides,
});

export const topic = (overrides: Record<string, unknown> = {}) => ({
  id: 'hardcoded_ph_topic',
  type: 'physical',
  practice: 'health',
  title: 'Salud física',
  description: 'Malestares, dudas y seguimiento',
  tags: 'practice_health',
  reason: 'Otra preocupación médica',
  iconName: null,
  iconColor: null,
  iconColorShade: null,
  backgroundColor: null,
  backgroundColorShade: null,
  requiresSelfAssessment: false,
  subtopics: [],
  ...overrides,
});

export const template = () => ({
  id: 'default',
  mainActions: [topic(), topic({ id: 'hardcoded_mh_topic', type: 'mental', practice: 'mentalhealth', title: 'Salud emocional', tags: 'practice_mentalhealth' })],
  sections: [{ title: 'Temas frecuentes', topics: [topic({ id: 'topic_flu', type: 'general', title: 'Gripa y tos', requiresSelfAssessment: true })] }],
});

export interface ServerState {
  member?: Record<string, unknown>;
  online?: unknown[];
  /** Replaces the GET /api/online-physicians answer (an error, say). */
  onlineAnswer?: FakeAnswer;
  schedulable?: unknown[];
  configs?: FakeAnswer;
  states?: FakeAnswer;
  current?: unknown;
  byId?: Record<string, unknown>;
  created?: unknown;
  /** Overrides of the physician GetPhysicianWithSlots answers (the coach profile). */
  physician?: Record<string, unknown>;
}

const gql = (field: string, value: unknown) => ({ status: 200, body: { data: { [field]: value } } });

/** Signs a member in and answers the API like the server would, from `state` (mutable). */
export const fakeServer = (state: ServerState = {}) => {
  setSessionToken('st_1');
  const handler: FakeHandler = (call) => {
    if (call.url.startsWith('/api/online-physicians')) return state.onlineAnswer ?? { status: 200, body: { physicians: state.online ?? [] } };
    if (call.url === '/api/configs') return state.configs ?? { status: 404, body: { error: { code: 'NOT_FOUND', status: 404, message: 'not found' } } };
    if (call.url.startsWith('/assets/countries/')) return state.states ?? { status: 404, body: {} };
    if (call.url !== '/api/graphql') return undefined;
    const query = (call.body as { query: string }).query;
    const vars = (call.body as { variables: Record<string, unknown> }).variables;
    if (query.includes('GetMember')) return gql('getMember', member(state.member ?? {}));
    if (query.includes('GetConsultationTopicsTemplate')) return gql('getConsultationTopicsTemplate', template());
    if (query.includes('GetPhysicianWithSlots')) return gql('getPhysician', { ...physician({ ...state.physician, id: vars.id as string }), availableSlots: ['2026-01-01T16:00:00.000Z'] });
    if (query.includes('GetPhysicians')) return gql('getPhysicians', state.schedulable ?? []);
    if (query.includes('CreateAppointment')) return gql('createAppointment', state.created ?? { id: 'apt_1', appointment: appointment() });
    if (query.includes('GetCurrentAppointment')) return gql('getCurrentAppointment', state.current ?? null);
    if (query.includes('GetAppointment')) return gql('getAppointment', state.byId?.[vars.appointmentId as string] ?? appointment({ id: vars.appointmentId as string }));
    if (query.includes('CancelAppointment')) return gql('cancelAppointment', appointment({ state: '12-canceled', statusReason: vars.reason as AppointmentDto['statusReason'] }));
    return undefined;
  };
  return installFakeFetch(handler);
};

export const graphqlCalls = (calls: FakeCall[], operation: string) =>
  calls.filter((c) => c.url === '/api/graphql' && (c.body as { query: string }).query.includes(operation));
