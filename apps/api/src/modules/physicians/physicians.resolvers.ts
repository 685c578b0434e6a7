import { getPhysiciansArgsSchema, setAvailabilityInputSchema, type PhysicianDto } from '@puente/contracts';
import { safeFormat, safeString } from '@puente/domain';
import * as z from 'zod/mini';
import { AppError } from '../../errors';
import type { GraphqlContext } from '../../graphql';
import { parseWith } from '../../http';
import type { PhysiciansService } from './physicians.service';

/** Field names exactly as packages/contracts physicianSchema (a test runs every PHYSICIAN_GQL document). */
export const physiciansTypeDefs = /* GraphQL */ `
  type MedicalSpecialty {
    speciality: String!
  }
  type AcademicBackground {
    institutionName: String!
  }
  type Physician {
    id: ID!
    firstName: String!
    lastName: String!
    nickName: String
    imgUrl: String
    languages: [String!]!
    medicalSpecialties: [MedicalSpecialty!]!
    practice: String
    "mx-physician (coach) or us-physician"
    userType: String!
    isOnline: Boolean!
    isAvailable: Boolean!
    academicBackground: [AcademicBackground!]!
    bio: String
    licensedStates: [String!]!
    "ISO datetimes of the free slots on date (yyyy-MM-dd; default today)"
    availableSlots(date: String): [String!]!
  }
  extend type Query {
    getPhysician(id: ID!): Physician!
    getPhysicians(schedulable: Boolean, language: String, practice: String, availabilityDate: String): [Physician!]!
    getMyPhysicianProfile: Physician!
  }
  extend type Mutation {
    setAvailability(isAvailable: Boolean!): Physician!
  }
`;

const idArgs = z.object({ id: safeFormat(z.uuid({ message: 'invalid_physician' })) });
const slotArgs = z.object({ date: z.nullish(safeString()) });
const nullsToUndefined = (args: Record<string, unknown>) => Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null && v !== undefined));

const requireSession = (ctx: GraphqlContext) => {
  if (!ctx.auth) throw new AppError('UNAUTHORIZED');
  return ctx.auth;
};

export function physiciansResolvers(physicians: PhysiciansService) {
  return {
    Query: {
      getPhysician: async (_root: unknown, args: unknown, ctx: GraphqlContext): Promise<PhysicianDto> => {
        requireSession(ctx);
        const { id } = parseWith(idArgs, args);
        return physicians.getPhysician(id, ctx.lang);
      },
      getPhysicians: async (_root: unknown, args: Record<string, unknown>, ctx: GraphqlContext): Promise<PhysicianDto[]> => {
        requireSession(ctx);
        return physicians.getPhysicians(parseWith(getPhysiciansArgsSchema, nullsToUndefined(args)), ctx.lang);
      },
      getMyPhysicianProfile: async (_root: unknown, _args: unknown, ctx: GraphqlContext): Promise<PhysicianDto> =>
        physicians.myProfile(requireSession(ctx).user, ctx.lang),
    },
    Mutation: {
      setAvailability: async (_root: unknown, args: unknown, ctx: GraphqlContext): Promise<PhysicianDto> => {
        const auth = requireSession(ctx);
        const { isAvailable } = parseWith(setAvailabilityInputSchema, args);
        return physicians.setAvailability(auth.user, isAvailable, ctx.lang);
      },
    },
    Physician: {
      availableSlots: (parent: PhysicianDto, args: unknown, ctx: GraphqlContext): Promise<string[]> =>
        physicians.availableSlots(parent.id, parseWith(slotArgs, args).date, ctx.auth?.user.timeZone),
    },
  };
}
