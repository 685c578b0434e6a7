import { APPOINTMENT_GQL, appointmentSchema, FAMILY_GQL, GQL, ORGANIZATION_GQL, PHYSICIAN_GQL, physicianSchema, SCHEDULING_GQL, SURVEY_GQL, TOPICS_GQL } from '@puente/contracts';
import { buildSchema, getNamedType, GraphQLObjectType, isNonNullType, parse, validate, type GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { GRAPHQL_TYPE_DEFS } from './app';
import { baseTypeDefs } from './graphql';

// Issue 9: one definition per shape. The GraphQL schema the server serves is checked against the
// contracts: every document the web sends validates against it, and the appointment's (and the
// physician's) GraphQL fields and nullability are exactly the contract's zod shape.
const schema: GraphQLSchema = buildSchema([baseTypeDefs, ...GRAPHQL_TYPE_DEFS].join('\n'));

const documents = Object.entries({ ...GQL, ...TOPICS_GQL, ...PHYSICIAN_GQL, ...APPOINTMENT_GQL, ...SCHEDULING_GQL, ...SURVEY_GQL, ...FAMILY_GQL, ...ORGANIZATION_GQL });

const zodFields = (shape: z.ZodMiniObject) =>
  Object.fromEntries(Object.entries(shape.shape).map(([name, field]) => [name, { nullable: (field as z.ZodMiniType).safeParse(null).success || (field as z.ZodMiniType).safeParse(undefined).success }]));

const graphqlFields = (typeName: string) => {
  const type = schema.getType(typeName);
  if (!(type instanceof GraphQLObjectType)) throw new Error(`${typeName} is not an object type`);
  // Fields that take arguments (Physician.availableSlots(date)) are computed views with their own contract.
  return Object.fromEntries(Object.values(type.getFields()).filter((f) => f.args.length === 0).map((f) => [f.name, { nullable: !isNonNullType(f.type) }]));
};

describe('the GraphQL schema against the contracts (issue 9)', () => {
  it.each(documents)('%s validates against the served schema', (_name, document) => {
    expect(validate(schema, parse(document)).map((e) => e.message)).toEqual([]);
  });

  it.each([
    ['Appointment', appointmentSchema],
    ['Physician', physicianSchema],
  ] as const)('the %s type has exactly the contract fields, with the same nullability', (typeName, zodSchema) => {
    expect(graphqlFields(typeName)).toEqual(zodFields(zodSchema));
  });

  it('the appointment document selects every field of the contract', () => {
    const operation = parse(APPOINTMENT_GQL.getAppointment).definitions[0];
    if (operation?.kind !== 'OperationDefinition') throw new Error('no operation');
    const root = operation.selectionSet.selections[0];
    if (root?.kind !== 'Field' || !root.selectionSet) throw new Error('no selection');
    const selected = root.selectionSet.selections.flatMap((s) => (s.kind === 'Field' ? [s.name.value] : []));
    expect(selected.sort()).toEqual(Object.keys(appointmentSchema.shape).sort());
    expect(getNamedType(schema.getQueryType()!.getFields().getAppointment!.type).name).toBe('Appointment');
  });
});
