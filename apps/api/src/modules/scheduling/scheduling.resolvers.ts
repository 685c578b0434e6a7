import { rescheduleAppointmentArgsSchema, scheduleAppointmentInputSchema, type ScheduledAppointmentDto } from '@puente/contracts';
import * as z from 'zod/mini';
import { AppError } from '../../errors';
import { isGuest } from '../auth/session-scope';
import type { GraphqlContext } from '../../graphql';
import { parseWith } from '../../http';
import type { SchedulingService } from './scheduling.service';

/** Field names exactly as packages/contracts scheduledAppointmentSchema. */
export const schedulingTypeDefs = /* GraphQL */ `
  type ScheduledTopic {
    topicId: String!
    topicText: String!
    subtopicId: String
    subtopicText: String
  }
  type ScheduledAppointment {
    id: ID!
    tinyId: String!
    physicianId: ID!
    memberId: ID!
    createdBy: ID!
    createdByRole: String!
    startDate: String!
    endDate: String!
    language: String!
    timezone: String!
    status: String!
    state: String!
    topic: ScheduledTopic
    requiredExtension: Boolean!
    notes: String
    type: String!
    appointmentId: ID
    createdAt: String!
    updatedAt: String!
    physician: Physician
  }
  input ScheduledTopicInput {
    topicId: String!
    topicText: String!
    subtopicId: String
    subtopicText: String
  }
  input ScheduleAppointmentInput {
    physicianId: ID!
    language: String!
    startDate: String!
    memberId: ID
    timezone: String!
    topic: ScheduledTopicInput
  }
  extend type Member {
    "spec 7 getMember with scheduledAppointments: the member's own upcoming ones (empty for anyone else)"
    scheduledAppointments: [ScheduledAppointment!]!
  }
  extend type Mutation {
    scheduleAppointment(input: ScheduleAppointmentInput!): ScheduledAppointment!
    rescheduleAppointment(appointmentId: ID!, input: ScheduleAppointmentInput!): ScheduledAppointment!
  }
`;

const requireSession = (ctx: GraphqlContext) => {
  if (!ctx.auth) throw new AppError('UNAUTHORIZED');
  return ctx.auth;
};
const inputArgs = z.object({ input: scheduleAppointmentInputSchema });

export function schedulingResolvers(scheduling: SchedulingService) {
  return {
    Member: {
      scheduledAppointments: async (member: { id: string }, _args: unknown, ctx: GraphqlContext): Promise<ScheduledAppointmentDto[]> => {
        const auth = requireSession(ctx);
        // A guest-link session reaches its one consultation only: nothing of her bookings.
        if (auth.user.userType !== 'member' || auth.user.id !== member.id || isGuest(auth.user)) return [];
        return scheduling.mine(auth.user, ctx.lang);
      },
    },
    Mutation: {
      scheduleAppointment: async (_root: unknown, args: unknown, ctx: GraphqlContext): Promise<ScheduledAppointmentDto> => {
        const auth = requireSession(ctx);
        const { input } = parseWith(inputArgs, args);
        return scheduling.schedule(auth.user, input, ctx.lang);
      },
      rescheduleAppointment: async (_root: unknown, args: unknown, ctx: GraphqlContext): Promise<ScheduledAppointmentDto> => {
        const auth = requireSession(ctx);
        const { appointmentId, input } = parseWith(rescheduleAppointmentArgsSchema, args);
        return scheduling.reschedule(auth.user, appointmentId, input, ctx.lang);
      },
    },
  };
}
