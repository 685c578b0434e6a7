import { randomInt } from 'node:crypto';
import type { SessionPayload } from '@puente/contracts';
import { APPOINTMENT_STATE, AUTH, isStaff } from '@puente/domain';
import type { PuenteServer } from '../app';
import { appointments, organizations, type AppointmentRow, type NewAppointmentRow, type NewUserRow, type OrganizationRow, type UserRow } from '../db/schema';
import { hashToken, newToken } from '../lib/secrets';
import { AuthRepository } from '../modules/auth/auth.repository';
import { STAFF_SESSION_PROVIDER } from '../modules/auth/auth.service';
import { MembersRepository } from '../modules/members/members.repository';

/**
 * Numbers this process hands out for what must be unique in a test file's database (phone numbers,
 * employer codes): consecutive from a random start, so no two are the same. Drawn at random, a file
 * making 300 members would give two of them one phone number about once in 180 runs, and the second
 * would be refused (users_phone_active_unique); two organizations of one file once drew one code
 * (organizations_code_unique).
 */
let handedOut = randomInt(0, 8_000_000);
const nextUnique = (): number => (handedOut += 1);
/** A valid US number (+1 415 and seven digits from 2000000), unique in this process. */
export const randomUsPhone = (): string => `+1415${2_000_000 + (nextUnique() % 8_000_000)}`;
/** A valid Mexico City number (+52 55 and eight digits from 10000000), unique in this process. */
export const randomMxPhone = (): string => `+5255${10_000_000 + (nextUnique() % 90_000_000)}`;

type Target = Pick<PuenteServer, 'database' | 'clock'>;

/** Inserts a member (or any user type) straight into the database. */
export async function createMember(server: Target, overrides: Partial<NewUserRow> = {}): Promise<UserRow> {
  const now = server.clock.now();
  return new MembersRepository(server.database.db).insert({
    userType: 'member',
    firstName: 'Test',
    lastName: 'Member',
    phoneNumber: randomUsPhone(),
    countryCode: '1',
    preferredLang: 'es',
    consultationLang: 'es',
    languages: ['es'],
    loginType: 'pwdless',
    loginTypes: ['pwdless'],
    agreedTosAt: now,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  });
}

/** Opens a session for a user through the real createSession path (a login token, then the service). */
export async function createSessionFor(server: Pick<PuenteServer, 'database' | 'clock' | 'services'>, userId: string, timeZone = 'America/Mexico_City'): Promise<SessionPayload> {
  const now = server.clock.now();
  const loginToken = newToken();
  // Staff sessions open only after the TOTP step; tests that need one start there directly.
  const user = await new MembersRepository(server.database.db).findById(userId);
  await new AuthRepository(server.database.db).insertLoginToken({
    tokenHash: hashToken(loginToken),
    userId,
    provider: user && isStaff(user.userType) ? STAFF_SESSION_PROVIDER : 'pwdless',
    createdAt: now,
    expiresAt: new Date(now.getTime() + AUTH.loginTokenTtlMs),
  });
  return server.services.auth.createSession({ loginToken, timeZone });
}

/** Inserts an organization (code = employer code: `T` and a number unique in this process). */
export async function createOrganization(server: Target, values: Partial<typeof organizations.$inferInsert> = {}): Promise<OrganizationRow> {
  const now = server.clock.now();
  const [row] = await server.database.db
    .insert(organizations)
    .values({ name: 'Test Org', code: `T${nextUnique()}`, createdAt: now, updatedAt: now, ...values })
    .returning();
  return row!;
}

/**
 * Inserts a consultation straight into the database: by default an on-demand video call in Mexico
 * City in which the coach has joined (S3), for tests that start in the middle of one.
 */
export async function insertConsultation(server: Target, values: Pick<NewAppointmentRow, 'memberId'> & Partial<NewAppointmentRow>): Promise<AppointmentRow> {
  const now = server.clock.now();
  const [row] = await server.database.db
    .insert(appointments)
    .values({
      state: APPOINTMENT_STATE.S3_COACH_JOINS_CALL,
      type: 'on-demand',
      channel: 'video-call',
      practice: 'health',
      language: 'es',
      serviceScope: 'full-care',
      location: { country: 'MX', state: 'CDMX', city: 'Ciudad de México' },
      startDate: now,
      createdAt: now,
      updatedAt: now,
      ...values,
    })
    .returning();
  return row!;
}
