import type { PhysicianDto } from '@puente/contracts';
import { LANGUAGES, type Language } from '@puente/domain';
import type { PhysicianRecord } from './physicians.repository';

const isLanguage = (l: string): l is Language => (LANGUAGES as readonly string[]).includes(l);

/**
 * What anyone may see of a physician (spec 3 Physician): no phone, email, licence numbers, NPI,
 * DEA or cédula; licensed states only as codes.
 */
export function presentPhysician(record: PhysicianRecord, flags: { isOnline: boolean; isAvailable: boolean }, lang: Language): PhysicianDto {
  const { user, profile } = record;
  return {
    id: user.id,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    nickName: profile?.nickName ?? null,
    imgUrl: profile?.imgUrl ?? null,
    languages: user.languages.filter(isLanguage),
    medicalSpecialties: (profile?.medicalSpecialties ?? []).map((s) => ({ speciality: s.speciality })),
    practice: user.practice ?? null,
    userType: user.userType === 'us-physician' ? 'us-physician' : 'mx-physician',
    isOnline: flags.isOnline,
    isAvailable: flags.isAvailable,
    academicBackground: (profile?.academicBackground ?? []).map((a) => ({ institutionName: a.institutionName })),
    bio: profile?.bio?.[lang] ?? null,
    licensedStates: record.licenses.map((l) => l.state).sort(),
  };
}
