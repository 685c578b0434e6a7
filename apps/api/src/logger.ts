import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { hostname } from 'node:os';
import pino, { stdSerializers, type DestinationStream } from 'pino';
import type { Config } from './config';

/**
 * Paths pino replaces with [redacted]: codes, tokens, authorization headers, phone numbers and
 * anything a later issue may log about health. Applied in every environment, so a development
 * log pasted into a ticket is as safe as a production one.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'authorization',
  'code',
  'token',
  'pwdlessToken',
  'loginToken',
  'sessionToken',
  'resetToken',
  'recoveryCode',
  'phoneNumber',
  'phone',
  'to',
  'body',
  'variables',
  'medicalConditions',
  'medications',
  'alergies',
  'surgeries',
  'selfAssessment',
  'medicalRecord',
  '*.code',
  '*.token',
  '*.pwdlessToken',
  '*.loginToken',
  '*.sessionToken',
  '*.resetToken',
  '*.recoveryCode',
  '*.phoneNumber',
  '*.phone',
  '*.to',
  '*.body',
  '*.variables',
  '*.authorization',
  '*.medicalConditions',
  '*.medications',
  '*.alergies',
  '*.surgeries',
  '*.selfAssessment',
  '*.medicalRecord',
];

// Phone-like digit runs and query strings can carry personal data (e.g. /user/phone-taken/{phone}).
const PHONE_IN_TEXT = /(\+|%2B)?\d{10,15}/gi;
export const scrubUrl = (url: string): string => url.split('?')[0]!.replace(PHONE_IN_TEXT, '[redacted]');

// SQLSTATE: five digits or upper-case letters (23505 unique_violation, 23514 check_violation, ...).
const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_CAUSES = 5;

/**
 * A database or driver error: drizzle's wrapping error (its message repeats the SQL and every
 * parameter: names, medications, phone numbers), or a PGlite / node-postgres error (message,
 * `detail` and `where` may quote the offending values).
 */
const isDatabaseError = (e: object): boolean => {
  const r = e as Record<string, unknown>;
  if ('query' in r && 'params' in r) return true;
  if (typeof r.code === 'string' && SQLSTATE.test(r.code)) return 'severity' in r || 'constraint' in r || 'detail' in r || 'routine' in r;
  return false;
};
const causeOf = (e: object): unknown => (e as { cause?: unknown }).cause;

/** Whether `err` or one of its causes came from the database. */
export const involvesDatabase = (err: unknown): boolean => {
  let current: unknown = err;
  for (let depth = 0; depth <= MAX_CAUSES && typeof current === 'object' && current !== null; depth++) {
    if (isDatabaseError(current)) return true;
    current = causeOf(current);
  }
  return false;
};

interface DatabaseErrorSummary {
  type: string;
  code?: string;
  constraint?: string;
  cause?: DatabaseErrorSummary;
}

const summarise = (e: unknown, depth: number): DatabaseErrorSummary => {
  if (typeof e !== 'object' || e === null) return { type: typeof e };
  const r = e as Record<string, unknown>;
  const summary: DatabaseErrorSummary = { type: (e as { constructor?: { name?: string } }).constructor?.name || 'Error' };
  if (typeof r.code === 'string' && SQLSTATE.test(r.code)) summary.code = r.code;
  if (typeof r.constraint === 'string') summary.constraint = r.constraint;
  const cause = causeOf(e);
  if (cause !== undefined && cause !== null && depth < MAX_CAUSES) summary.cause = summarise(cause, depth + 1);
  return summary;
};

const describeChain = (s: DatabaseErrorSummary | undefined): string =>
  s ? [[s.type, s.code, s.constraint].filter(Boolean).join(' '), describeChain(s.cause)].filter(Boolean).join(' <- ') : '';

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/**
 * The `err` serializer. A failing query's message, `detail` and parameters hold patient data, so
 * database and driver errors (and anything wrapping one) keep the error class, the SQLSTATE code
 * and the constraint name only (the message is made of those, the stack keeps its frames only);
 * other errors keep pino's standard fields.
 */
export function serializeError(err: Error): SerializedError {
  if (!involvesDatabase(err)) return stdSerializers.err(err);
  const summary = summarise(err, 0);
  // The first lines of a stack repeat the message: keep the frames.
  const frames = typeof err.stack === 'string' ? err.stack.split('\n').filter((line) => /^\s+at /.test(line)).join('\n') : '';
  return { ...summary, message: describeChain(summary), stack: frames };
}

// Not in the spec: how many bytes of log lines wait to be written together (at least; at most
// LOG_MAX_WRITE in one write), and for how long at most. 32 kB, not 4: one write per ~200 access
// lines under load instead of ~27 (measured: 0.9-1.3 µs of CPU per line against 1.0-2.0 at 4 kB).
const LOG_BATCH_BYTES = 32 * 1024;
const LOG_MAX_WRITE = 64 * 1024;
const LOG_FLUSH_MS = 250;

/**
 * An asynchronous log destination: a request never waits on a write syscall. Lines are batched
 * until LOG_BATCH_BYTES are waiting (one write for many lines under load) or LOG_FLUSH_MS pass (a
 * quiet server's lines still leave within that time); pino writes what is left synchronously when
 * the process exits, and flushLog when the server closes.
 *
 * pino's sonic-boom in its buffer mode, each line handed over as a Buffer: in its default string
 * mode sonic-boom measures the whole waiting batch (Buffer.byteLength of up to 16 KB) at every
 * line, so a line cost more the more were waiting (2 to 10 µs each under load); a Buffer's
 * length is known, and the batch is joined once, when written.
 */
export class AsyncLogDestination implements DestinationStream {
  private readonly boom: ReturnType<typeof pino.destination>;
  /** Bytes handed to sonic-boom, and bytes it has written (its 'write' events): flushed() waits for both to agree. */
  private accepted = 0;
  private written = 0;

  constructor(dest: number | string) {
    this.boom = pino.destination({ dest, sync: false, minLength: LOG_BATCH_BYTES, maxWrite: LOG_MAX_WRITE, periodicFlush: LOG_FLUSH_MS, contentMode: 'buffer' });
    this.boom.on('write', (bytes: number) => {
      this.written += bytes;
    });
  }

  write(line: string): void {
    const chunk = Buffer.from(line);
    this.accepted += chunk.length;
    (this.boom.write as unknown as (chunk: Buffer) => boolean)(chunk);
  }

  /** pino's logger.flush(cb) calls this. */
  flush(cb?: (err?: Error) => void): void {
    void this.flushed().then(() => cb?.());
  }

  /**
   * Resolves once every line written so far is written out (at most 5 s). sonic-boom's flush(cb)
   * calls back once fewer than LOG_BATCH_BYTES wait, not when none do (with more than one write's
   * worth waiting, the last lines stayed behind): it is asked again until nothing is left.
   */
  flushed(): Promise<void> {
    const boom = this.boom;
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, 5_000); // a stuck destination must not hold the shutdown
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      let before = -1;
      const step = (err?: Error | null) => {
        // An error with nothing written since the last round ends it; one after progress does not
        // (each round ends with an fsync, which a pipe, as stdout often is, may refuse).
        if (this.written >= this.accepted || (err && this.written === before)) return done();
        before = this.written;
        try {
          boom.flush(step);
        } catch {
          done(); // destroyed: nothing more can be written
        }
      };
      step();
    });
  }
}

/** An asynchronous log destination on a file descriptor or a path (see AsyncLogDestination). */
export function asyncLogDestination(dest: number | string): AsyncLogDestination {
  return new AsyncLogDestination(dest);
}

let stdoutDestination: AsyncLogDestination | undefined;

/** The process's log destination: stdout, asynchronous (see AsyncLogDestination). One per process. */
export function stdoutLog(): AsyncLogDestination {
  return (stdoutDestination ??= asyncLogDestination(1));
}

/**
 * Resolves once the lines logged so far are written: an asynchronous destination is flushed and
 * awaited; anything else resolves at once. Called when the server closes.
 */
export function flushLog(stream: DestinationStream | undefined): Promise<void> {
  return stream instanceof AsyncLogDestination ? stream.flushed() : Promise.resolve();
}

/** Routes whose successful answers are not logged (load balancers ask them every few seconds). */
const UNLOGGED_ROUTES: ReadonlySet<string> = new Set(['/api/health']);

const LEVEL_INFO = pino.levels.values.info!;
const LEVEL_ERROR = pino.levels.values.error!;

/**
 * The access log: one line per request, when the answer is sent, with the few fields that matter
 * (request id, method, route pattern, status, response time in ms). The route is the pattern
 * (`/api/user/phone-taken/:phone`), never the URL, so no path parameter or query string (tokens,
 * phone numbers) is ever written; no headers, no body. Fastify's own "incoming request" and
 * "request completed" lines (which serialize the request and reply objects) are replaced by it.
 * The line holds only those scalar fields, so it is written as one string straight to the
 * destination, in pino's format (level, time, pid, hostname, the fields, msg), without a pino
 * call (its serialization and redaction cost more than the rest of the request's logging); it
 * follows the level of the request's logger.
 */
export class AccessLog extends LogController {
  /** `,"pid":…,"hostname":…`: pino's default base, the same on every line. */
  private readonly base = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
  /** The JSON of each route pattern seen (a few dozen), so a line only formats its numbers. */
  private readonly routes = new Map<string, string>();

  constructor(private readonly stream: DestinationStream) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url;
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    // An error object goes through the request's (redacting) logger, which already names the request.
    if (error) {
      if (LEVEL_ERROR >= (pino.levels.values[reply.log.level] ?? Infinity)) reply.log.error({ method: request.method, route: route ?? null, status, ms, err: error }, 'request errored');
      return;
    }
    this.answered(reply.log.level, request.id, request.method, route, status, ms);
  }

  /**
   * The line of a request answered without an error object, at `loggerLevel` (the request
   * logger's): by Fastify (requestCompleted) or by a fast path that answered before it.
   */
  answered(loggerLevel: string, reqId: string, method: string, route: string | undefined, status: number, ms: number): void {
    const failed = status >= 500;
    if (!failed && route !== undefined && UNLOGGED_ROUTES.has(route)) return;
    const level = failed ? LEVEL_ERROR : LEVEL_INFO;
    if (level < (pino.levels.values[loggerLevel] ?? Infinity)) return;
    this.stream.write(
      `{"level":${level},"time":${Date.now()}${this.base},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},"route":${this.routeJson(route)},"status":${status},"ms":${ms},"msg":"request"}\n`,
    );
  }

  // The 404 handler answers with NOT_FOUND and the access line records it; Fastify's default line
  // would write the raw URL.
  override routeNotFound(): void {}

  private routeJson(route: string | undefined): string {
    if (route === undefined) return 'null';
    let json = this.routes.get(route);
    if (json === undefined) this.routes.set(route, (json = JSON.stringify(route)));
    return json;
  }
}

type LogFn = FastifyBaseLogger['info'];
const LEVEL_METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/**
 * A request's logger, made on first use. Fastify gives every request a child logger bound to its
 * id, and pino serializes (and redacts) those bindings at once, whether or not the request ever
 * logs; most requests log nothing but their access line, which names the request itself. This one
 * creates the pino child only when something is logged through it. One small object per request:
 * the level methods live on the prototype.
 */
class LazyRequestLogger implements FastifyBaseLogger {
  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;
  declare silent: LogFn;
  private real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: pino.Bindings,
    private readonly options: pino.ChildLoggerOptions,
  ) {}

  /** The pino child, created now if it was not yet. */
  resolve(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.real?.level ?? this.options.level ?? this.parent.level;
  }
  set level(level: string) {
    this.resolve().level = level;
  }


  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): FastifyBaseLogger {
    return this.resolve().child(bindings, options);
  }
}
for (const method of LEVEL_METHODS) {
  LazyRequestLogger.prototype[method] = function (this: LazyRequestLogger, ...args: unknown[]) {
    (this.resolve()[method] as (...a: unknown[]) => void)(...args);
  } as LogFn;
}
LazyRequestLogger.prototype.silent = (() => undefined) as LogFn;

/** Fastify's childLoggerFactory: see LazyRequestLogger. */
export function lazyRequestLogger(logger: FastifyBaseLogger, bindings: pino.Bindings, options: pino.ChildLoggerOptions): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options);
}

export function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // Only these fields of a request are ever logged: no headers, no body, a scrubbed path.
      req: (req: { method?: unknown; url?: unknown; id?: unknown }) => ({
        id: req.id,
        method: typeof req.method === 'string' ? req.method : undefined,
        url: typeof req.url === 'string' ? scrubUrl(req.url) : undefined,
      }),
      err: serializeError,
      error: serializeError,
    },
    stream: stream ?? stdoutLog(),
  };
}
