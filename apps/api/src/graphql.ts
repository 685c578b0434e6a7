import type { ApiErrorBody } from '@puente/contracts';
import type { Language } from '@puente/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequire } from 'node:module';
import type { ExecutionResult, FormattedExecutionResult, GraphQLError as GraphQLErrorType } from 'graphql';
import mercurius, { type IResolvers, type MercuriusContext } from 'mercurius';
import { AppError, languageFromHeader } from './errors';
import { toAppError } from './error-handler';
import type { AuthContext } from './modules/auth/auth.service';

// mercurius loads graphql with require(); a bundler (vitest) may give an ESM import its own copy,
// and graphql refuses rules and errors from "another realm". Take them from the same copy.
const graphqlCjs = createRequire(import.meta.url)('graphql') as typeof import('graphql');
const { GraphQLError, NoSchemaIntrospectionCustomRule } = graphqlCjs;
type GraphQLError = GraphQLErrorType;

declare module 'mercurius' {
  interface MercuriusContext {
    /** The bearer session, when the request carried a valid one. */
    auth: AuthContext | null;
    lang: Language;
  }
}
export type GraphqlContext = MercuriusContext;

const baseTypeDefs = /* GraphQL */ `
  type Query {
    _empty: Boolean
  }
  type Mutation {
    _empty: Boolean
  }
`;

export interface GraphqlOptions {
  typeDefs: string[];
  resolvers: IResolvers[];
  depthLimit: number;
  introspection: boolean;
  /** Root fields a scoped (guest-link) session may run; every other one answers FORBIDDEN. */
  guestRootFields: ReadonlySet<string>;
}

const mergeResolvers = (list: IResolvers[]): IResolvers => {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const r of list) for (const [type, fields] of Object.entries(r)) merged[type] = { ...merged[type], ...(fields as Record<string, unknown>) };
  return merged as IResolvers;
};

type RootResolver = (root: unknown, args: unknown, ctx: MercuriusContext, info: { fieldName: string }) => unknown;

/**
 * Defence in depth for scoped sessions: each Query and Mutation root field checks, as it
 * resolves, that a session with a stored scope may run it. Aliases, inline fragments
 * (`... on Query`) and named fragments all end up here under the field's real name.
 */
const gateRootFields = (resolvers: IResolvers, allowed: ReadonlySet<string>): IResolvers => {
  const gated: Record<string, unknown> = { ...resolvers };
  for (const type of ['Query', 'Mutation'] as const) {
    const fields = (resolvers as Record<string, Record<string, unknown> | undefined>)[type];
    if (!fields) continue;
    gated[type] = Object.fromEntries(
      Object.entries(fields).map(([name, resolve]) => {
        if (typeof resolve !== 'function') return [name, resolve];
        const wrapped: RootResolver = (root, args, ctx, info) => {
          if (ctx.auth?.user.sessionScope && !allowed.has(info.fieldName)) throw new AppError('FORBIDDEN');
          return (resolve as RootResolver)(root, args, ctx, info);
        };
        return [name, wrapped];
      }),
    );
  }
  return gated as IResolvers;
};

/** The GraphQL error in the one error shape: `extensions.error` is the catalogue body. */
function formatError(error: GraphQLError, lang: Language, log: FastifyRequest['log']): { json: ReturnType<GraphQLError['toJSON']>; status: number } {
  const original = error.originalError;
  let appError: AppError;
  if (original instanceof AppError) appError = original;
  else if (original && !(original instanceof GraphQLError) && !('errors' in original)) appError = toAppError(original);
  else appError = new AppError('INVALID_DATA', { fields: { query: 'invalid_graphql_request' } }); // syntax, validation, depth
  if (appError.status >= 500) log.error({ err: original ?? error }, 'unhandled GraphQL error');
  const body: ApiErrorBody = appError.toBody(lang);
  const message = original instanceof AppError || appError.status >= 500 ? body.message : error.message;
  const json = new GraphQLError(message, { path: error.path, extensions: { code: body.code, error: body } }).toJSON();
  return { json, status: appError.status };
}

export async function registerGraphql(app: FastifyInstance, options: GraphqlOptions): Promise<void> {
  await app.register(mercurius, {
    schema: [baseTypeDefs, ...options.typeDefs].join('\n'),
    resolvers: gateRootFields(mergeResolvers(options.resolvers), options.guestRootFields),
    path: '/api/graphql',
    graphiql: false,
    ide: false,
    queryDepth: options.depthLimit,
    validationRules: options.introspection ? [] : [NoSchemaIntrospectionCustomRule],
    context: (request: FastifyRequest, _reply: FastifyReply) => ({
      auth: request.auth,
      lang: request.auth?.user.preferredLang ?? languageFromHeader(request.headers['accept-language']),
    }),
    errorFormatter: (execution: ExecutionResult & Required<Pick<ExecutionResult, 'errors'>>, context: MercuriusContext) => {
      const request = context.reply.request;
      const lang = context.lang ?? request.auth?.user.preferredLang ?? languageFromHeader(request.headers['accept-language']);
      // Validation errors from mercurius wrap a list of errors; unwrap them.
      const flat = execution.errors.flatMap((e) => {
        const inner = (e.originalError as { errors?: unknown } | undefined)?.errors;
        // Syntax, validation, variable and depth errors: all bad input, never a fault.
        return Array.isArray(inner) ? inner.map((x) => (x instanceof GraphQLError ? x : new GraphQLError(x instanceof Error ? x.message : String(x)))) : [e];
      });
      const formatted = flat.map((e) => formatError(e, lang, request.log));
      const response: FormattedExecutionResult = { data: execution.data ?? null, errors: formatted.map((f) => f.json) };
      // With no data the HTTP status is the error's (401 for a missing session, 400 for bad input).
      const statusCode = execution.data ? 200 : (formatted[0]?.status ?? 400);
      return { statusCode, response };
    },
  });
}
