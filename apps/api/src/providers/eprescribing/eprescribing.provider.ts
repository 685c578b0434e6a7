import type { Language, Prescription } from '@puente/domain';

export interface ErxPatient {
  memberId: string;
  firstName: string;
  lastName: string;
  birthday: string | null;
  sex: string | null;
  phoneNumber: string | null;
  address: { line1?: string | null; city?: string | null; state?: string | null; zipCode?: string | null } | null;
}

export interface ErxPharmacy {
  /** The store's id in the pharmacy directory (a vendor's NCPDP-based id with a vendor directory). */
  pharmacyId?: string | null;
  pharmStoreName: string;
  pharmAddressLine1?: string | null;
  pharmCity?: string | null;
  pharmState?: string | null;
  pharmZip?: string | null;
  pharmPhone?: string | null;
}

export interface ErxPrescriptionRequest {
  appointmentId: string;
  patientId: string;
  patient: ErxPatient;
  prescriber: { id: string; name: string; npi: string | null; licenseState: string; licenseNumber: string | null };
  pharmacy: ErxPharmacy | null;
  /** The lines with the directory's DEA schedule of each (null when not controlled). */
  lines: (Prescription & { schedule: string | null })[];
  /** The member's language: the document and directions are in it. */
  language: Language;
  signedAt: Date;
}

export type ErxStatus = 'queued' | 'sent' | 'error';

export interface ErxSendResult {
  id: string;
  status: ErxStatus;
  /** The signed prescription document, when the provider makes one (the local default does). */
  document?: Buffer;
}

/** A controlled substance cannot go through this provider (it needs a certified EPCS vendor). */
export class ControlledSubstanceRefused extends Error {
  constructor(readonly rxcui: string) {
    super('controlled substance');
  }
}

/**
 * E-prescribing, shaped like DoseSpot's and Photon's APIs: register the patient, send the
 * prescription to the pharmacy, and receive the vendor's status callbacks. The local default
 * (LocalPdfEPrescribing) produces a signed PDF in the member's language instead of a network send.
 */
export interface EPrescribingProvider {
  readonly name: string;
  /** Controlled substances (DEA schedules II-V) are refused unless the vendor is EPCS-certified. */
  readonly allowsControlled: boolean;
  createPatient(patient: ErxPatient): Promise<{ patientId: string }>;
  sendPrescription(request: ErxPrescriptionRequest): Promise<ErxSendResult>;
  /** Reads a vendor's status callback body; undefined when it is not one of ours. */
  parseStatusCallback(body: unknown): { id: string; status: ErxStatus } | undefined;
  /** Whether a status callback really comes from the vendor (a provider without callbacks: never). */
  authenticCallback(headers: Record<string, string | string[] | undefined>): boolean;
}
