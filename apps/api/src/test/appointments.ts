import { randomInt } from 'node:crypto';
import { type ClientToServerEvents, type CreateAppointmentData, type ServerToClientEvents } from '@puente/contracts';
import type { Language, Practice } from '@puente/domain';
import { io as connect, type Socket } from 'socket.io-client';
import type { PuenteServer } from '../app';
import { physicianAvailability, physicianLicenses, physicianProfiles, type NewUserRow, type UserRow } from '../db/schema';
import { createMember, createSessionFor, randomMxPhone } from './factories';

type Target = Pick<PuenteServer, 'database' | 'clock' | 'services'>;
export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface PhysicianOptions {
  userType?: 'mx-physician' | 'us-physician';
  languages?: Language[];
  practice?: Practice;
  /** State codes; coaches default to MX (cédula), US doctors to CA. */
  licenses?: string[];
  isAvailable?: boolean;
  tags?: string[];
  partnerIds?: string[];
  /** Weekly hours Monday to Friday (HH:mm-HH:mm in America/Mexico_City). */
  hours?: { starts: string; ends: string; slotMinutes?: number };
  user?: Partial<NewUserRow>;
}

/** Inserts a coach or US doctor with profile, licences and (optionally) weekly hours. */
export async function createPhysician(server: Target, options: PhysicianOptions = {}): Promise<UserRow> {
  const userType = options.userType ?? 'mx-physician';
  const now = server.clock.now();
  const user = await createMember(server, {
    userType,
    firstName: userType === 'mx-physician' ? 'Coach' : 'Doctor',
    lastName: `T${randomInt(1000, 9999)}`,
    phoneNumber: randomMxPhone(),
    languages: options.languages ?? ['es'],
    practice: options.practice ?? 'health',
    ...options.user,
  });
  const db = server.database.db;
  await db.insert(physicianProfiles).values({
    userId: user.id,
    bio: { es: 'Perfil de prueba', en: 'Test profile' },
    medicalSpecialties: [{ speciality: 'Medicina general' }],
    academicBackground: [{ institutionName: 'UNAM' }],
    cedula: userType === 'mx-physician' ? String(randomInt(1_000_000, 9_999_999)) : null,
    isAvailable: options.isAvailable ?? true,
    tags: options.tags ?? [],
    partnerIds: options.partnerIds ?? [],
    createdAt: now,
    updatedAt: now,
  });
  const licenses = options.licenses ?? (userType === 'mx-physician' ? ['MX'] : ['CA']);
  if (licenses.length > 0) {
    await db.insert(physicianLicenses).values(licenses.map((state) => ({ userId: user.id, state, licenseNumber: `L${randomInt(100_000, 999_999)}`, createdAt: now })));
  }
  if (options.hours) {
    const { starts, ends, slotMinutes = 30 } = options.hours;
    await db.insert(physicianAvailability).values([1, 2, 3, 4, 5].map((weekday) => ({ userId: user.id, weekday, starts, ends, timeZone: 'America/Mexico_City', slotMinutes })));
  }
  // Profiles are cached; availability lives in the presence store too.
  server.services.physicians.invalidate();
  await server.services.physicians.init();
  return user;
}

/** Opens a Socket.IO connection with a session token and waits until it is connected. */
export async function openSocket(url: string, token: string): Promise<TestSocket> {
  const socket: TestSocket = connect(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  // A round trip, so the server has finished its connection handlers (presence, rooms).
  await socket.emitWithAck('user-register');
  return socket;
}

export interface Participant {
  user: UserRow;
  token: string;
  socket?: TestSocket;
}

/** A physician with a session and a connected socket (so they are online). */
export async function onlinePhysician(server: Target, url: string, options: PhysicianOptions = {}): Promise<Required<Participant>> {
  const user = await createPhysician(server, options);
  const { sessionToken } = await createSessionFor(server, user.id);
  const socket = await openSocket(url, sessionToken);
  return { user, token: sessionToken, socket };
}

/** A member with a session (optionally overrides such as email or organization). */
export async function memberWithSession(server: Target, overrides: Partial<NewUserRow> = {}): Promise<Participant> {
  const user = await createMember(server, overrides);
  const { sessionToken } = await createSessionFor(server, user.id);
  return { user, token: sessionToken };
}

/** A valid createAppointment data for a Mexican member asking for physical health in Spanish. */
export const appointmentData = (overrides: Partial<CreateAppointmentData> = {}): CreateAppointmentData => ({
  practice: 'health',
  language: 'es',
  location: { country: 'MX', state: 'CDMX', city: 'Ciudad de México' },
  selfAssessment: { appointmentReason: 'Dolor de cabeza', painLevel: 4, symptoms: ['headache'] },
  topic: { topicId: 'general', topicText: 'Malestar general' },
  ...overrides,
});

export { createControlledClock } from '../lib/clock';
