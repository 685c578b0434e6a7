import type { MemberDto } from '@puente/contracts';
import { LANGUAGES, type Language } from '@puente/domain';
import type { UserRow } from '../../db/schema';

const isLanguage = (l: string): l is Language => (LANGUAGES as readonly string[]).includes(l);

/** The member as its owner sees it. Hashes, the pending recovery code and deletion data never leave. */
export function presentMember(row: UserRow): MemberDto {
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
  };
}
