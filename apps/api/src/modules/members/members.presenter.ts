import type { MemberCareView, MemberDto } from '@puente/contracts';
import { dependantOrganizationsFromSettings, LANGUAGES, normalizeOrgSettings, normalizeOrgFlag, TOPIC_KINDS, type Language, type OrganizationFlag, type TopicKind } from '@puente/domain';
import type { OrganizationRow, UserRow } from '../../db/schema';

const isLanguage = (l: string): l is Language => (LANGUAGES as readonly string[]).includes(l);
const isTopic = (t: string): t is TopicKind => (TOPIC_KINDS as readonly string[]).includes(t);

/** An ISO day as epoch ms at UTC midnight (spec 3: birthday is epoch ms). */
const dayToEpochMs = (day: string | null): number | null => {
  if (!day) return null;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) ? null : ms;
};

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The organization's flags, from its settings map or list and its flags column, in canonical spelling. */
export const organizationFlags = (org: Pick<OrganizationRow, 'settings' | 'flags'>): OrganizationFlag[] => {
  const fromFlags = org.flags.map(normalizeOrgFlag).filter((f): f is OrganizationFlag => f !== undefined);
  const fromSettings = normalizeOrgSettings(org.settings as Record<string, boolean>);
  return [...new Set([...fromSettings, ...fromFlags])];
};

/** The member as its owner sees it. Hashes, the pending recovery code and deletion data never leave. */
export function presentMember(row: UserRow, organization?: OrganizationRow | null): MemberDto {
  const pharmacy = row.pharmacy && typeof row.pharmacy.pharmStoreName === 'string' ? row.pharmacy : null;
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    countryCode: row.countryCode,
    userType: row.userType,
    preferredLang: row.preferredLang,
    consultationLang: row.consultationLang,
    // spec 5: only es and en are kept in a user's language list.
    languages: row.languages.filter(isLanguage),
    organizationId: row.organizationId,
    timeZone: row.timeZone,
    loginType: row.loginType,
    loginTypes: row.loginTypes,
    agreedTosAt: row.agreedTosAt ? row.agreedTosAt.toISOString() : null,
    needsToAcceptTerms: row.needsToAcceptTerms,
    createdAt: row.createdAt.toISOString(),
    nickName: row.nickName,
    birthday: dayToEpochMs(row.birthday),
    sex: row.sex,
    gender: row.gender,
    address: row.address
      ? { zipCode: row.address.zipCode ?? null, city: row.address.city ?? null, state: row.address.state ?? null, country: row.address.country ?? null }
      : null,
    height: row.height,
    weight: row.weight,
    heightMetricSystem: row.heightMetricSystem,
    weightMetricSystem: row.weightMetricSystem,
    alergies: row.alergies,
    medications: row.medications,
    medicalConditions: row.medicalConditions,
    surgeries: row.surgeries.map((s) => ({ name: s.name, date: s.date ?? null, howLong: s.howLong ?? null, dateApprox: s.dateApprox ?? null })),
    preferredContactMethod: row.preferredContactMethod,
    topicsOfInterest: row.topicsOfInterest.filter(isTopic),
    identificationNumber: row.identificationNumber,
    labConsent: { wasInfoProvided: row.labConsent, updatedAt: row.labConsentUpdatedAt ? row.labConsentUpdatedAt.toISOString() : null },
    healthScreeningConsentAt: row.healthScreeningConsentAt ? row.healthScreeningConsentAt.toISOString() : null,
    healthProfileAnsweredAt: row.healthProfileAnsweredAt ? row.healthProfileAnsweredAt.toISOString() : null,
    insuranceInfo: row.insuranceType ? { typeOfInsurance: row.insuranceType } : null,
    hasInsurance: row.hasInsuranceInfoProvided === null ? null : { wasInfoProvided: row.hasInsuranceInfoProvided },
    pharmacy: pharmacy
      ? {
          pharmStoreName: String(pharmacy.pharmStoreName),
          pharmAddressLine1: str(pharmacy.pharmAddressLine1),
          pharmAddressLine2: str(pharmacy.pharmAddressLine2),
          pharmCity: str(pharmacy.pharmCity),
          pharmState: str(pharmacy.pharmState),
          pharmZip: str(pharmacy.pharmZip),
          pharmPhone: str(pharmacy.pharmPhone),
          pharmLatitude: num(pharmacy.pharmLatitude),
          pharmLongitude: num(pharmacy.pharmLongitude),
        }
      : null,
    emailVerifiedAt: row.emailVerifiedAt ? row.emailVerifiedAt.toISOString() : null,
    organization: organization && organization.id === row.organizationId ? { id: organization.id, name: organization.name, settings: organizationFlags(organization), dependantOrganizations: dependantOrganizationsFromSettings(organization.settings) } : null,
  };
}

/**
 * The member as her coach, US doctor or an admin sees her (GET /api/members/{id} by anyone but
 * herself): what care needs and nothing else. A privacy control (HIPAA minimum necessary): no
 * email, phone, identification number, login types, terms or verification dates, organization,
 * insurance or consents; the address only to the city. An allowlist picked field by field (never
 * presentMember minus some fields), so a new member field stays private until it is added here.
 */
export function presentMemberForCare(row: UserRow): MemberCareView {
  const own = presentMember(row);
  return {
    id: own.id,
    firstName: own.firstName,
    lastName: own.lastName,
    birthday: own.birthday,
    sex: own.sex,
    gender: own.gender,
    height: own.height,
    weight: own.weight,
    heightMetricSystem: own.heightMetricSystem,
    weightMetricSystem: own.weightMetricSystem,
    alergies: own.alergies,
    medications: own.medications,
    medicalConditions: own.medicalConditions,
    surgeries: own.surgeries,
    pharmacy: own.pharmacy,
    preferredLang: own.preferredLang,
    consultationLang: own.consultationLang,
    address: own.address ? { city: own.address.city, state: own.address.state, country: own.address.country } : null,
  };
}
