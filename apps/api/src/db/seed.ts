import { sql } from 'drizzle-orm';
import { APPOINTMENT_STATE, PHYSICAL_HEALTH_TOPIC, type Language } from '@puente/domain';
import type { Db } from './client';
import { appointments, consultationNotes } from './schema-appointments';
import { consultationNoteParts } from './schema-note-parts';
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
    // Past consultations, so the history and record (/consulta/historial) can be tried without first
    // holding one: Ana's video consultation with María and phone session with Daniel (Spanish), John's
    // video session with Daniel (English); each with notes and a plan.
    const anaId = inserted.find((u) => u.phoneNumber === phoneOf('ana'))!.id;
    const daysAgo = (days: number, minutes = 0) => new Date(now.getTime() - days * 86_400_000 + minutes * 60_000);
    const finished = { memberId: anaId, state: APPOINTMENT_STATE.S11_FINISHED, status: 'finished' as const, type: 'on-demand' as const, language: 'es' as const, serviceScope: 'full-care' as const, location: { country: 'MX', state: 'CDMX', city: 'Ciudad de México' } };
    const johnFinished = { ...finished, memberId: johnId, language: 'en' as const, location: { country: 'US', state: 'CA', city: 'San Francisco' } };
    const [sore, stress, burnout] = await tx
      .insert(appointments)
      .values([
        {
          ...finished,
          mxDoctorId: coachEsId,
          channel: 'video-call',
          practice: 'health',
          topic: { topicId: PHYSICAL_HEALTH_TOPIC.id, topicText: PHYSICAL_HEALTH_TOPIC.title.es },
          selfAssessment: { appointmentReason: 'Dolor de garganta y fiebre desde hace dos días', appointmentReasonKey: PHYSICAL_HEALTH_TOPIC.id, painLevel: 4, symptoms: ['fever', 'sore_throat'] },
          templateId: 'health-soap',
          medicalRecord: {
            internalNotes: 'Amígdalas hiperémicas sin exudado. Sin datos de alarma.',
            plan: {
              conclusions: 'Faringitis viral probable, sin datos de alarma.',
              recomendations: 'Reposo, líquidos abundantes y paracetamol 500 mg cada 8 horas si hay fiebre. Si la fiebre dura más de 3 días o te cuesta tragar líquidos, pide otra consulta.',
            },
            planLanguage: 'es',
          },
          startDate: daysAgo(9),
          endDate: daysAgo(9, 18),
          createdAt: daysAgo(9),
          updatedAt: daysAgo(9, 18),
        },
        {
          ...finished,
          mxDoctorId: coachEnId,
          channel: 'phone-call',
          practice: 'mentalhealth',
          topic: { topicId: 'stress', topicText: 'Estrés y ansiedad' },
          templateId: 'mentalhealth-session',
          medicalRecord: {
            plan: {
              conclusions: 'Estrés laboral con alteración del sueño.',
              recomendations: 'Respiración diafragmática 5 minutos antes de dormir, horario fijo para acostarte y una pausa breve cada 2 horas de trabajo.',
            },
            planLanguage: 'es',
          },
          startDate: daysAgo(35),
          endDate: daysAgo(35, 40),
          createdAt: daysAgo(35),
          updatedAt: daysAgo(35, 40),
        },
        {
          ...johnFinished,
          mxDoctorId: coachEnId,
          channel: 'video-call',
          practice: 'mentalhealth',
          topic: { topicId: 'acme_burnout', topicText: 'Work burnout' },
          templateId: 'mentalhealth-session',
          medicalRecord: {
            plan: {
              conclusions: 'Work-related exhaustion after a long project; sleep is holding up.',
              recomendations: 'Block two short breaks a day in your calendar, stop checking email after 8 p.m., and write down three things that went well before bed.',
            },
            planLanguage: 'en',
          },
          startDate: daysAgo(14),
          endDate: daysAgo(14, 45),
          createdAt: daysAgo(14),
          updatedAt: daysAgo(14, 45),
        },
      ])
      .returning({ id: appointments.id });
    const soreNote = { chiefComplaint: 'Dolor de garganta y fiebre', subjective: 'Dolor al tragar y fiebre de 38.3 °C desde hace dos días. Sin tos.', objective: 'Amígdalas enrojecidas sin placas, por videollamada.', assessment: 'Faringitis viral probable.', plan: 'Medidas generales y paracetamol; volver a consultar si no mejora en 3 días.' };
    const stressNote = { reason: 'Estrés en el trabajo y dificultad para dormir', observations: 'Refiere jornadas largas y dificultad para desconectarse por la noche.', interventions: 'Psicoeducación sobre estrés; técnica de respiración diafragmática.', agreements: 'Practicar la respiración cada noche y llevar un registro de sueño una semana.', followUp: 'Sesión de seguimiento en 2 semanas.' };
    const burnoutNote = { reason: 'Feeling drained at work', observations: 'Describes long hours over the last month and trouble switching off.', interventions: 'Talked through workload limits and a short wind-down routine.', agreements: 'Two scheduled breaks a day; no email after 8 p.m.', followUp: 'Check in again in 3 weeks.' };
    await tx.insert(consultationNotes).values([
      { appointmentId: sore!.id, templateId: 'health-soap', values: soreNote, authorId: coachEsId, updatedAt: daysAgo(9, 18) },
      { appointmentId: stress!.id, templateId: 'mentalhealth-session', values: stressNote, authorId: coachEnId, updatedAt: daysAgo(35, 40) },
      { appointmentId: burnout!.id, templateId: 'mentalhealth-session', values: burnoutNote, authorId: coachEnId, updatedAt: daysAgo(14, 45) },
    ]);
    await tx.insert(consultationNoteParts).values([
      { appointmentId: sore!.id, authorId: coachEsId, authorRole: 'mx-physician', templateId: 'health-soap', values: soreNote, language: 'es', updatedAt: daysAgo(9, 18), signedAt: daysAgo(9, 18) },
      { appointmentId: stress!.id, authorId: coachEnId, authorRole: 'mx-physician', templateId: 'mentalhealth-session', values: stressNote, language: 'es', updatedAt: daysAgo(35, 40), signedAt: daysAgo(35, 40) },
      { appointmentId: burnout!.id, authorId: coachEnId, authorRole: 'mx-physician', templateId: 'mentalhealth-session', values: burnoutNote, language: 'en', updatedAt: daysAgo(14, 45), signedAt: daysAgo(14, 45) },
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
