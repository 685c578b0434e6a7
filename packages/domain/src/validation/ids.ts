/**
 * Record ids are UUIDs (any version, as PostgreSQL's uuid type accepts them). The one pattern the
 * server checks a path or body id against before it reaches a uuid column (which would otherwise
 * fail with a database error instead of a NOT_FOUND).
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);
