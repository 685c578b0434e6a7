import * as z from 'zod/mini';
import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { PHONE } from '../constants';
import { COUNTRY_BY_PHONE_CODE, SUPPORTED_PHONE_CODES } from './phone';
import { PHONE_METADATA } from './phone-metadata';
import { safeString } from './text';

// Issue 10 (first load): the one rule that needs libphonenumber-js lives apart from phone.ts's
// codes, formats and form schemas, so a screen (or the app's first script) that only needs those
// does not load the phone metadata and its parser.

/**
 * A full number as the server accepts it: +, a supported code, 10 digits, and a number
 * libphonenumber-js recognises as possible for that code's region.
 */
export const fullPhoneNumberSchema = z
  .pipe(
    safeString({ error: 'login_screen_error_required' }),
    z.transform((s) => {
      const compact = s.replace(/\s+/g, '');
      return compact.startsWith('+') ? compact : `+${compact}`;
    }),
  )
  .check(
    z.refine((s) => /^\+(1|52|57)\d{10}$/.test(s), { message: 'login_screen_error_invalid_length' }),
    z.refine(
      (s) => {
        const code = SUPPORTED_PHONE_CODES.find((c) => s.startsWith(`+${c}`) && s.length === 1 + c.length + PHONE.digits);
        if (!code) return false;
        // Only the supported regions' metadata (issue 10, first load): see phone-metadata.ts.
        const parsed = parsePhoneNumberFromString(s, COUNTRY_BY_PHONE_CODE[code], PHONE_METADATA);
        return parsed !== undefined && parsed.countryCallingCode === code && parsed.isPossible();
      },
      { message: 'login_screen_error_invalid_length' },
    ),
  );
