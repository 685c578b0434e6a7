import { sql } from 'drizzle-orm';
import type { Language } from '@puente/domain';
import type { Db } from './client';
import { dependants, entitlementEvents, organizationPartners, organizations, organizationSites, organizationTopicTemplates, physicianAvailability, physicianLicenses, physicianProfiles, users, type NewUserRow } from './schema';

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
  { key: 'sofia', role: 'member', name: "Sofía Smith (John's dependant, family plan)", phoneNumber: '+14155550124', lang: 'es' },
] as const satisfies readonly { key: string; role: NewUserRow['userType']; name: string; phoneNumber: string; lang: Language }[];

export const DEMO_ORGANIZATION = { name: 'Acme Salud', code: 'ACME2026', sites: ['Planta Monterrey', 'Oficinas CDMX'] } as const;

/** A partner organization (issue 15): its members see the partner's colours. */
export const DEMO_PARTNER = { name: 'Farmacias Sol', code: 'SOL2026', partnerId: 'farmacias-sol', colors: { primary: '#FFC20E', secondary: '#00539B', background: '#FFF8E1' } } as const;

const phoneOf = (key: (typeof DEMO_LOGINS)[number]['key']): string => DEMO_LOGINS.find((l) => l.key === key)!.phoneNumber;

/** Seeds demo data when the database has no users. Idempotent: a second run does nothing. */
export async function seedDemoData(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialise concurrent boots (two processes on one PostgreSQL).
    await tx.execute(sql`select pg_advisory_xact_lock(725001)`);
    const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(users);
    if (count > 0) return false;

    // Where Acme members' dependants go (spec 3 dependantOrganizations): Acme offers the family plan.
    const [acmeFamily] = await tx
      .insert(organizations)
      .values({ name: 'Acme Salud Familia', shortName: 'Acme Familia', type: 'dependants', parentOrganizationId: null, createdAt: now, updatedAt: now })
      .returning();
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
          dependantOrganizations: [acmeFamily!.id],
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
    // Sofía: John's dependant on his Acme plan (family plan, issue 15); she signs in with her own phone.
    rows.push({ ...common, userType: 'member', firstName: 'Sofía', lastName: 'Smith', phoneNumber: phoneOf('sofia'), countryCode: '1', preferredLang: 'es', consultationLang: 'es', languages: ['es', 'en'], timeZone: 'America/Los_Angeles' });
    const inserted = await tx.insert(users).values(rows).returning({ id: users.id, phoneNumber: users.phoneNumber });
    const johnId = inserted.find((u) => u.phoneNumber === phoneOf('john'))!.id;
    const sofiaId = inserted.find((u) => u.phoneNumber === phoneOf('sofia'))!.id;
    await tx.insert(dependants).values([
      { referrerId: johnId, slot: 1, memberId: sofiaId, userId: sofiaId, alias: 'Sofía', phoneNumber: phoneOf('sofia'), preferredLang: 'es', invitationStatus: 'ACCEPTED', invitedAt: now, acceptedAt: now, createdAt: now },
      // A pending invitation (no link texted: John can resend one from /dependants).
      { referrerId: johnId, slot: 2, memberId: 'temp|demo-pending', alias: 'Mike', phoneNumber: '+14155550125', preferredLang: 'en', invitedAt: now, createdAt: now },
    ]);
    // Her access is John's, derived through the ledger (a family grant; it ends with his plan).
    await tx.insert(entitlementEvents).values({
      memberId: sofiaId,
      source: 'family',
      kind: 'granted',
      entitlementKey: johnId,
      occurredAt: now,
      referrerId: johnId,
      origin: 'family-linked',
      dedupeKey: `family:granted:${sofiaId}:${johnId}:seed`,
    });
    const doctorId = inserted.find((u) => u.phoneNumber === phoneOf('doctor'))!.id;
    const coachEsId = inserted.find((u) => u.phoneNumber === phoneOf('coachEs'))!.id;
    const coachEnId = inserted.find((u) => u.phoneNumber === phoneOf('coachEn'))!.id;
    await tx.insert(physicianLicenses).values([
      { userId: doctorId, state: 'CA', licenseNumber: 'A123456', createdAt: now },
      { userId: doctorId, state: 'TX', licenseNumber: 'R78901', createdAt: now },
      // Coaches hold a Mexican professional licence (cédula profesional), recorded with state MX.
      { userId: coachEsId, state: 'MX', licenseNumber: '10234567', createdAt: now },
      { userId: coachEnId, state: 'MX', licenseNumber: '11876543', createdAt: now },
    ]);
    // Demo physician profiles (spec 3 Physician): available for on-demand requests once signed in.
    await tx.insert(physicianProfiles).values([
      {
        userId: coachEsId,
        nickName: 'Dra. María',
        imgUrl: null,
        bio: {
          es: 'Médica general con 12 años de experiencia en atención primaria y enfermedades crónicas.',
          en: 'General practitioner with 12 years of experience in primary care and chronic conditions.',
        },
        medicalSpecialties: [{ speciality: 'Medicina general', subspecialities: ['Enfermedades crónicas'] }, { speciality: 'Nutrición clínica' }],
        academicBackground: [
          { institutionName: 'Universidad Nacional Autónoma de México', grade: 'Médico Cirujano', startYear: 2004, endYear: 2010 },
          { institutionName: 'Instituto Nacional de Ciencias Médicas y Nutrición Salvador Zubirán', grade: 'Diplomado en nutrición clínica', startYear: 2013, endYear: 2014 },
        ],
        cedula: '10234567',
        isAvailable: true,
        tags: ['general', 'chronic_conditions', 'nutrition_weight'],
        createdAt: now,
        updatedAt: now,
      },
      {
        userId: coachEnId,
        nickName: 'Psic. Daniel',
        imgUrl: null,
        bio: {
          es: 'Psicólogo clínico especializado en ansiedad, estrés laboral y terapia cognitivo-conductual.',
          en: 'Clinical psychologist focused on anxiety, work stress and cognitive behavioural therapy.',
        },
        medicalSpecialties: [{ speciality: 'Psicología clínica', subspecialities: ['Terapia cognitivo-conductual'] }],
        academicBackground: [
          { institutionName: 'Universidad Iberoamericana', grade: 'Licenciatura en Psicología', startYear: 2008, endYear: 2012 },
          { institutionName: 'Universidad de Guadalajara', grade: 'Maestría en Psicología Clínica', startYear: 2013, endYear: 2015 },
        ],
        cedula: '11876543',
        isAvailable: true,
        tags: ['stress'],
        createdAt: now,
        updatedAt: now,
      },
      {
        userId: doctorId,
        nickName: 'Dr. Carter',
        imgUrl: null,
        bio: {
          es: 'Médica familiar certificada en EE. UU., con licencia en California y Texas.',
          en: 'Board-certified family physician licensed in California and Texas.',
        },
        medicalSpecialties: [{ speciality: 'Family Medicine' }],
        academicBackground: [
          { institutionName: 'University of California, San Francisco', grade: 'MD', startYear: 2006, endYear: 2010 },
          { institutionName: 'Stanford Health Care', grade: 'Family Medicine Residency', startYear: 2010, endYear: 2013 },
        ],
        npi: '1234567893',
        isAvailable: true,
        createdAt: now,
        updatedAt: now,
      },
    ]);
    // Weekly hours (Monday to Friday, spec 9) for the schedulable list and availableSlots(date).
    const weekdays = [1, 2, 3, 4, 5];
    await tx.insert(physicianAvailability).values([
      ...weekdays.flatMap((weekday) => [
        { userId: coachEsId, weekday, starts: '09:00', ends: '14:00', timeZone: 'America/Mexico_City', slotMinutes: 30 },
        { userId: coachEsId, weekday, starts: '16:00', ends: '19:00', timeZone: 'America/Mexico_City', slotMinutes: 30 },
      ]),
      ...weekdays.map((weekday) => ({ userId: coachEnId, weekday, starts: '10:00', ends: '18:00', timeZone: 'America/Mexico_City', slotMinutes: 45 })),
    ]);
    // Acme Salud members see its own topic template (spec 3 topicsTemplateId).
    await tx.insert(organizationTopicTemplates).values({ organizationId: acme!.id, topicsTemplateId: 'acme' });
    // Issue 15: Acme's two sites (the site change), and a partner with its own colours.
    await tx.insert(organizationSites).values(DEMO_ORGANIZATION.sites.map((name) => ({ organizationId: acme!.id, name, createdAt: now })));
    const [sol] = await tx
      .insert(organizations)
      .values({
        name: DEMO_PARTNER.name,
        shortName: 'Sol',
        code: DEMO_PARTNER.code,
        type: 'partner',
        homePageUrl: 'https://farmacias-sol.example.com',
        settings: { SupportAvailable: true },
        flags: ['PHYSICAL_HEALTH_AVAILABLE', 'MENTAL_HEALTH_AVAILABLE', 'SUPPORT_AVAILABLE'],
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(organizationPartners).values({ organizationId: sol!.id, partnerId: DEMO_PARTNER.partnerId, partnerName: DEMO_PARTNER.name, colors: { ...DEMO_PARTNER.colors } });
    return true;
  });
}
