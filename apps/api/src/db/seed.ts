import { sql } from 'drizzle-orm';
import type { Language } from '@puente/domain';
import type { Db } from './client';
import { organizations, physicianLicenses, users, type NewUserRow } from './schema';

/**
 * The demo logins (the README lists them). Everyone signs in with the phone number and the code
 * shown at /api/dev/outbox.
 */
export const DEMO_LOGINS = [
  { key: 'ana', role: 'member', name: 'Ana López', phoneNumber: '+525512345678', lang: 'es' },
  { key: 'john', role: 'member', name: 'John Smith', phoneNumber: '+14155550123', lang: 'en' },
  { key: 'coachEs', role: 'mx-physician', name: 'María Hernández (coach, health)', phoneNumber: '+525511112222', lang: 'es' },
  { key: 'coachEn', role: 'mx-physician', name: 'Daniel Rivera (coach, mental health)', phoneNumber: '+525533334444', lang: 'en' },
  { key: 'doctor', role: 'us-physician', name: 'Emily Carter (US doctor, CA and TX)', phoneNumber: '+13105550199', lang: 'en' },
  { key: 'admin', role: 'admin', name: 'Admin Puente', phoneNumber: '+14155550100', lang: 'es' },
] as const satisfies readonly { key: string; role: NewUserRow['userType']; name: string; phoneNumber: string; lang: Language }[];

export const DEMO_ORGANIZATION = { name: 'Acme Salud', code: 'ACME2026' } as const;

const phoneOf = (key: (typeof DEMO_LOGINS)[number]['key']): string => DEMO_LOGINS.find((l) => l.key === key)!.phoneNumber;

/** Seeds demo data when the database has no users. Idempotent: a second run does nothing. */
export async function seedDemoData(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialise concurrent boots (two processes on one PostgreSQL).
    await tx.execute(sql`select pg_advisory_xact_lock(725001)`);
    const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(users);
    if (count > 0) return false;

    const [acme] = await tx
      .insert(organizations)
      .values({
        name: DEMO_ORGANIZATION.name,
        shortName: 'Acme',
        code: DEMO_ORGANIZATION.code,
        description: 'Empresa de demostración con beneficios de salud para su personal.',
        type: 'employer',
        homePageUrl: 'https://acme.example.com',
        settings: {
          SchedulingAvailable: true,
          SupportAvailable: true,
          MinimalOnboarding: false,
          RestrictSocialLogin: false,
          RequiresLabConsent: false,
          RequiresHealthScreeningConsent: false,
          RequiresIdentificationNumber: false,
        },
        flags: ['PHYSICAL_HEALTH_AVAILABLE', 'MENTAL_HEALTH_AVAILABLE', 'SCHEDULING_AVAILABLE', 'SUPPORT_AVAILABLE'],
        createdAt: now,
        updatedAt: now,
      })
      .returning();

    const common = { agreedTosAt: now, needsToAcceptTerms: false, loginType: 'pwdless', loginTypes: ['pwdless'], createdAt: now, updatedAt: now };
    const rows: NewUserRow[] = [
      {
        ...common,
        userType: 'member',
        firstName: 'Ana',
        lastName: 'López',
        email: 'ana.lopez@example.com',
        phoneNumber: phoneOf('ana'),
        countryCode: '52',
        preferredLang: 'es',
        consultationLang: 'es',
        languages: ['es'],
        timeZone: 'America/Mexico_City',
        address: { city: 'Ciudad de México', state: 'CDMX', country: 'MX' },
      },
      {
        ...common,
        userType: 'member',
        firstName: 'John',
        lastName: 'Smith',
        email: 'john.smith@example.com',
        phoneNumber: phoneOf('john'),
        countryCode: '1',
        preferredLang: 'en',
        consultationLang: 'en',
        languages: ['en', 'es'],
        timeZone: 'America/Los_Angeles',
        organizationId: acme!.id,
        address: { zipCode: '94103', city: 'San Francisco', state: 'CA', country: 'US' },
      },
      {
        ...common,
        userType: 'mx-physician',
        firstName: 'María',
        lastName: 'Hernández',
        email: 'maria.hernandez@example.com',
        phoneNumber: phoneOf('coachEs'),
        countryCode: '52',
        preferredLang: 'es',
        consultationLang: 'es',
        languages: ['es'],
        practice: 'health',
        timeZone: 'America/Mexico_City',
      },
      {
        ...common,
        userType: 'mx-physician',
        firstName: 'Daniel',
        lastName: 'Rivera',
        email: 'daniel.rivera@example.com',
        phoneNumber: phoneOf('coachEn'),
        countryCode: '52',
        preferredLang: 'en',
        consultationLang: 'en',
        languages: ['en', 'es'],
        practice: 'mentalhealth',
        timeZone: 'America/Mexico_City',
      },
      {
        ...common,
        userType: 'us-physician',
        firstName: 'Emily',
        lastName: 'Carter',
        email: 'emily.carter@example.com',
        phoneNumber: phoneOf('doctor'),
        countryCode: '1',
        preferredLang: 'en',
        consultationLang: 'en',
        languages: ['en'],
        practice: 'health',
        timeZone: 'America/Los_Angeles',
      },
      {
        ...common,
        userType: 'admin',
        firstName: 'Admin',
        lastName: 'Puente',
        email: 'admin@puente.local',
        phoneNumber: phoneOf('admin'),
        countryCode: '1',
        preferredLang: 'es',
        consultationLang: 'es',
        languages: ['es', 'en'],
        timeZone: 'America/Mexico_City',
      },
    ];
    const inserted = await tx.insert(users).values(rows).returning({ id: users.id, phoneNumber: users.phoneNumber });
    const doctorId = inserted.find((u) => u.phoneNumber === phoneOf('doctor'))!.id;
    await tx.insert(physicianLicenses).values([
      { userId: doctorId, state: 'CA', licenseNumber: 'A123456', createdAt: now },
      { userId: doctorId, state: 'TX', licenseNumber: 'R78901', createdAt: now },
    ]);
    return true;
  });
}
