import {
  medicationSchema,
  NO_PRESCRIPTION_REASONS,
  READINESS_ITEMS,
  noPrescriptionInputSchema,
  pharmacySearchSchema,
  prescriptionDraftInputSchema,
  prescriptionLineInputSchema,
  safeString,
  trimmedSafeString,
} from '@puente/domain';
import * as z from 'zod/mini';
import { prescriptionSchema } from './appointments';

/**
 * Prescribing (issues 11/12): the medication and pharmacy directories, the member's pharmacy,
 * readiness before a US doctor is asked for, and the US doctor's draft -> review -> sign.
 */

/** GET /api/medications?q=&limit=: clinicians only. */
export const medicationSearchQuerySchema = z.object({
  q: safeString({ error: 'rx_search_too_short' }).check(z.trim(), z.minLength(2, { message: 'rx_search_too_short' }), z.maxLength(100)),
  limit: z._default(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(50))), 20),
});
export const medicationSearchResponseSchema = z.object({ medications: z.array(medicationSchema) });
export type MedicationSearchResponse = z.infer<typeof medicationSearchResponseSchema>;
export type MedicationDto = z.infer<typeof medicationSchema>;

/** spec 000 §3 Pharmacy with the directory's id. */
export const directoryPharmacySchema = z.object({
  id: safeString(),
  pharmStoreName: safeString(),
  pharmAddressLine1: safeString(),
  pharmAddressLine2: z.nullable(safeString()),
  pharmCity: safeString(),
  pharmState: safeString(),
  pharmZip: safeString(),
  pharmPhone: safeString(),
  pharmLatitude: z.number(),
  pharmLongitude: z.number(),
});
export type DirectoryPharmacyDto = z.infer<typeof directoryPharmacySchema>;

/** GET /api/pharmacies?zip=&radiusMiles=. */
export const pharmacySearchQuerySchema = pharmacySearchSchema;
export const pharmacySearchResponseSchema = z.object({
  origin: z.object({ zip: safeString(), lat: z.number(), lon: z.number() }),
  pharmacies: z.array(z.extend(directoryPharmacySchema, { distanceMiles: z.number() })),
});
export type PharmacySearchResponse = z.infer<typeof pharmacySearchResponseSchema>;

/** PUT /api/pharmacies/mine: the member chooses her pharmacy (from the profile or during a consultation). */
export const choosePharmacyInputSchema = z.object({
  pharmacyId: safeString({ error: 'pharmacy_required' }).check(z.trim(), z.minLength(1, { message: 'pharmacy_required' }), z.maxLength(100)),
  appointmentId: z.nullish(trimmedSafeString(100)),
});
export const myPharmacyResponseSchema = z.object({ pharmacy: z.nullable(z.extend(z.omit(directoryPharmacySchema, { id: true }), { id: z.nullish(safeString()) })) });
export type MyPharmacyResponse = z.infer<typeof myPharmacyResponseSchema>;

/** GET /api/appointments/{id}/prescription-readiness. */
export const prescriptionReadinessSchema = z.object({
  appointmentId: safeString(),
  missing: z.array(z.enum(READINESS_ITEMS)),
  /** spec 6: prescriptions are delivered to a pharmacy only in California. */
  delivery: z.boolean(),
  ready: z.boolean(),
});
export type PrescriptionReadinessDto = z.infer<typeof prescriptionReadinessSchema>;

/** PUT /api/appointments/{id}/prescription: the draft. */
export const savePrescriptionDraftInputSchema = prescriptionDraftInputSchema;
export type SavePrescriptionDraftInput = z.input<typeof prescriptionDraftInputSchema>;
export type PrescriptionLineInputDto = z.input<typeof prescriptionLineInputSchema>;

export const allergyWarningSchema = z.object({ line: z.int(), rxcui: safeString(), allergies: z.array(safeString()), overridden: z.boolean() });
export type AllergyWarning = z.infer<typeof allergyWarningSchema>;

export const PRESCRIPTION_ORDER_STATUSES = ['draft', 'reviewed', 'signed', 'sent', 'failed'] as const;

/** The prescription as its US doctor sees it while writing, reviewing and after signing. */
export const prescriptionOrderSchema = z.object({
  appointmentId: safeString(),
  status: z.enum(PRESCRIPTION_ORDER_STATUSES),
  lines: z.array(prescriptionLineInputSchema),
  /** The lines as they will be (or were) signed, with directions in the member's language. */
  rendered: z.array(prescriptionSchema),
  warnings: z.array(allergyWarningSchema),
  language: z.enum(['es', 'en']),
  pharmacy: z.nullable(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  reviewedAt: z.nullable(safeString()),
  signedAt: z.nullable(safeString()),
  documentAvailable: z.boolean(),
});
export type PrescriptionOrderDto = z.infer<typeof prescriptionOrderSchema>;

/** POST /api/appointments/{id}/prescription/none: finishing without a prescription says why. */
export { noPrescriptionInputSchema, NO_PRESCRIPTION_REASONS };
