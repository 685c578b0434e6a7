import { GRAPHQL_PATH, type ApiErrorBody } from '@puente/contracts';
import { isSafeText, TEXT_INVALID_CHARACTERS_KEY, type Language } from '@puente/domain';
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
const { GraphQLError, NoSchemaIntrospectionCustomRule, parse } = graphqlCjs;
type GraphQLError = GraphQLErrorType;

declare module 'mercurius' {
  interface MercuriusContext {
    /** The bearer session, when the request carried a valid one. */
    auth: AuthContext | null;
    lang: Language;
  }
}
export type GraphqlContext = MercuriusContext;

export const baseTypeDefs = /* GraphQL */ `
  type Query {
    _empty: Boolean
  }
  type Mutation {
    _empty: Boolean
  }
`;

/**
 * Ours (issue 8): the largest document the web app sends (packages/contracts GQL) is under 1,000
 * characters and 150 tokens. A request over these limits is refused before graphql-js parses it,
 * so a huge or deeply nested document cannot exhaust the CPU or the stack.
 */
export const GRAPHQL_LIMITS = { maxQueryChars: 10_000, maxTokens: 1_000 } as const;

const INVALID_GRAPHQL_REQUEST_KEY = 'invalid_graphql_request';

/** The catalogue error a GraphQL request body earns before execution, or null when it may run. */
export function checkGraphqlRequest(input: unknown): AppError | null {
  const invalid = (key = INVALID_GRAPHQL_REQUEST_KEY) => new AppError('INVALID_DATA', { fields: { query: key } });
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return invalid();
  const { query } = input as { query?: unknown };
  if (typeof query !== 'string' || query.trim() === '' || query.length > GRAPHQL_LIMITS.maxQueryChars) return invalid();
  if (!isSafeText(query)) return invalid(TEXT_INVALID_CHARACTERS_KEY);
  try {
    parse(query, { maxTokens: GRAPHQL_LIMITS.maxTokens, noLocation: true });
  } catch (error) {
    // A string literal escaping a lone surrogate (`"\uD800"`) is the text rule, in GraphQL syntax.
    if (error instanceof GraphQLError && /Invalid Unicode escape sequence|Invalid character within String/.test(error.message)) return invalid(TEXT_INVALID_CHARACTERS_KEY);
    // A syntax error, the token limit, or a stack overflow on nesting: all bad input.
    return invalid();
  }
  return null;
}

/** The one error shape, as a GraphQL answer (errors[0].extensions.error is the catalogue body). */
function graphqlErrorBody(error: AppError, lang: Language): FormattedExecutionResult {
  const body = error.toBody(lang);
  return { data: null, errors: [{ message: body.message, extensions: { code: body.code, error: body } }] };
}

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
  // Never graphql-js's or the runtime's own text (a stack overflow, an internal message): the catalogue's.
  const message = body.message;
  const json = new GraphQLError(message, { path: error.path, extensions: { code: body.code, error: body } }).toJSON();
  return { json, status: appError.status };
}

export async function registerGraphql(app: FastifyInstance, options: GraphqlOptions): Promise<void> {
  // Before mercurius (and the guest-scope check) looks at the document: a body whose query is not a
  // string, an empty document, one over the size or token limit, or nested deep enough to overflow
  // the stack is a 400 in the one error shape.
  app.addHook('preValidation', async function graphqlRequestCheck(request, reply) {
    if (request.routeOptions.url !== GRAPHQL_PATH) return;
    const input = request.method === 'GET' ? request.query : request.body;
    const error = checkGraphqlRequest(input);
    if (!error) return;
    const lang = request.auth?.user.preferredLang ?? languageFromHeader(request.headers['accept-language']);
    return reply.status(error.status).send(graphqlErrorBody(error, lang));
  });
  await app.register(mercurius, {
    schema: [baseTypeDefs, ...options.typeDefs].join('\n'),
    resolvers: gateRootFields(mergeResolvers(options.resolvers), options.guestRootFields),
    path: GRAPHQL_PATH,
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
