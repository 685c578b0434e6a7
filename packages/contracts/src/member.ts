import { LANGUAGES } from '@puente/domain';
import { z } from 'zod';

/**
 * The member as the API presents it to its owner (a presenter chooses these fields; database rows
 * never leave the server). Later issues add fields here and in the GraphQL SDL together.
 */
export const memberSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  countryCode: z.string().nullable(),
  userType: z.enum(['member', 'admin', 'mx-physician', 'us-physician']),
  preferredLang: z.enum(LANGUAGES),
  consultationLang: z.enum(LANGUAGES),
  languages: z.array(z.enum(LANGUAGES)),
  organizationId: z.string().nullable(),
  timeZone: z.string().nullable(),
  loginType: z.string().nullable(),
  loginTypes: z.array(z.string()),
  agreedTosAt: z.string().nullable(),
  needsToAcceptTerms: z.boolean(),
  createdAt: z.string(),
});
export type MemberDto = z.infer<typeof memberSchema>;
