import { z } from 'zod';

/**
 * The Content Security Policy has no 'unsafe-eval' (apps/api/src/security-headers.ts). Zod would
 * otherwise probe `new Function` to compile its object parsers, and the browser reports each probe
 * as a CSP violation. The interpreted parsers are plenty fast for API answers. This module is the
 * first import of main.tsx: zod decides when a schema is built, so it must run before any schema is.
 */
z.config({ jitless: true });
