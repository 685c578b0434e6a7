import { timingSafeEqual } from 'node:crypto';
import * as z from 'zod/mini';
import { ControlledSubstanceRefused, type EPrescribingProvider, type ErxPatient, type ErxPrescriptionRequest, type ErxSendResult, type ErxStatus } from './eprescribing.provider';

/**
 * E-prescribing through DoseSpot's REST API (the real adapter; the local PDF one is the default).
 * The clinic's API client signs in as the clinic's prescribing user (OAuth password grant with the
 * client secret), adds the patient, adds each prescription to the pharmacy the member chose in the
 * vendor's pharmacy directory (VendorPharmacyDirectory: the same NCPDP store ids) and sends them.
 * DoseSpot then reports each prescription's status to our callback (POST /api/eprescribing/status),
 * which carries the shared secret we configured with the vendor.
 *
 * Settings: ERX_PROVIDER=dosespot, DOSESPOT_BASE_URL (e.g. https://my.staging.dosespot.com/webapi),
 * DOSESPOT_CLIENT_ID, DOSESPOT_CLIENT_SECRET, DOSESPOT_USER_ID, ERX_CALLBACK_SECRET. Field names
 * follow DoseSpot's API v2 documentation; check them against the clinic's sandbox before go-live.
 */
export interface DoseSpotSettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  userId: string;
  callbackSecret: string;
  /** EPCS certification of the clinic's account (controlled substances); false unless it has it. */
  epcs?: boolean;
  fetch?: typeof fetch;
}

const resultSchema = z.object({ ResultCode: z.string(), ResultDescription: z.nullish(z.string()) });
const createdSchema = z.object({ Id: z.pipe(z.union([z.number(), z.string()]), z.transform(String)), Result: resultSchema });
const tokenSchema = z.object({ access_token: z.string(), expires_in: z.optional(z.number()) });
const sendResultSchema = z.object({ Result: resultSchema });

/** DoseSpot's status callback: one prescription's new status. */
export const doseSpotCallbackSchema = z.object({
  PrescriptionId: z.pipe(z.union([z.number(), z.string()]), z.transform(String)),
  PrescriptionStatus: z.string(),
  StatusDetails: z.nullish(z.string()),
});

/** DoseSpot's statuses, as ours: sent to the pharmacy, still on its way, or failed. */
const STATUS: Record<string, ErxStatus> = {
  eRxSent: 'sent',
  PharmacyVerified: 'sent',
  FaxSent: 'sent',
  Printed: 'sent',
  Sending: 'queued',
  Entered: 'queued',
  Edited: 'queued',
  Error: 'error',
  Deleted: 'error',
  Requested: 'queued',
};

/** DoseSpot's dispense units we use (its DispenseUnitTypes list). */
const DISPENSE_UNIT_ID: Record<string, number> = { tablet: 26, capsule: 4, mL: 17, puff: 22, application: 29, drop: 9, patch: 35, unit: 28 };
const GENDER: Record<string, number> = { male: 1, female: 2 };

export class DoseSpotEPrescribing implements EPrescribingProvider {
  readonly name = 'dosespot';
  readonly allowsControlled: boolean;
  private token: { value: string; until: number } | undefined;

  constructor(private readonly settings: DoseSpotSettings) {
    this.allowsControlled = settings.epcs ?? false;
  }

  /** The vendor's API root (its pharmacy directory lives under it too). */
  get baseUrl(): string {
    return this.settings.baseUrl;
  }

  private get fetch(): typeof fetch {
    return this.settings.fetch ?? fetch;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64');
    const res = await this.fetch(`${this.settings.baseUrl}/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: this.settings.userId, password: this.settings.clientSecret }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`dosespot token ${res.status}`);
    const body = tokenSchema.parse(await res.json());
    // Renewed a minute before it expires.
    this.token = { value: body.access_token, until: Date.now() + ((body.expires_in ?? 600) - 60) * 1000 };
    return body.access_token;
  }

  /** The token for the vendor's other APIs (the pharmacy directory). */
  bearer = (): Promise<string> => this.accessToken();

  private async post<S extends z.ZodMiniType>(path: string, body: unknown, schema: S): Promise<z.output<S>> {
    const res = await this.fetch(`${this.settings.baseUrl}/api${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await this.accessToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new Error(`dosespot ${path.split('/')[1]} ${res.status}`);
    const parsed = schema.parse(await res.json());
    const result = (parsed as { Result: z.output<typeof resultSchema> }).Result;
    if (result.ResultCode !== 'OK') throw new Error(`dosespot ${path.split('/')[1]}: ${result.ResultCode}`);
    return parsed;
  }

  async createPatient(patient: ErxPatient): Promise<{ patientId: string }> {
    const created = await this.post(
      '/patients',
      {
        FirstName: patient.firstName,
        LastName: patient.lastName,
        DateOfBirth: patient.birthday,
        Gender: GENDER[patient.sex ?? ''] ?? 3,
        Address1: patient.address?.line1 ?? null,
        City: patient.address?.city ?? null,
        State: patient.address?.state ?? null,
        ZipCode: patient.address?.zipCode ?? null,
        PrimaryPhone: patient.phoneNumber,
        PrimaryPhoneType: 2, // mobile
        Active: true,
        NonDoseSpotMedicalRecordNumber: patient.memberId,
      },
      createdSchema,
    );
    return { patientId: created.Id };
  }

  async sendPrescription(request: ErxPrescriptionRequest): Promise<ErxSendResult> {
    const controlled = request.lines.find((l) => l.schedule);
    if (controlled && !this.allowsControlled) throw new ControlledSubstanceRefused(controlled.code);
    const pharmacyId = request.pharmacy?.pharmacyId;
    if (!pharmacyId) throw new Error('dosespot needs a pharmacy from its directory');
    const ids: string[] = [];
    for (const line of request.lines) {
      const created = await this.post(
        `/patients/${encodeURIComponent(request.patientId)}/prescriptions`,
        {
          DisplayName: line.name,
          RxCUI: line.code,
          Quantity: String(line.quantity ?? ''),
          DispenseUnitId: DISPENSE_UNIT_ID[line.quantityUnit ?? ''] ?? DISPENSE_UNIT_ID.unit,
          Directions: line.sig ?? '',
          Refills: String(line.refills ?? 0),
          DaysSupply: line.daysSupply ?? null,
          PharmacyId: Number(pharmacyId),
          NoSubstitutions: line.substitutionAllowed === false,
          PharmacyNotes: line.diagnosis ? `${line.diagnosis.code} ${line.diagnosis.text}` : null,
          Status: 1, // entered
          NonDoseSpotPrescriptionId: `${request.appointmentId}:${line.code}`,
        },
        createdSchema,
      );
      ids.push(created.Id);
    }
    await this.post(`/patients/${encodeURIComponent(request.patientId)}/prescriptions/send`, { PrescriptionIds: ids.map(Number) }, sendResultSchema);
    // One order of ours: the vendor reports each line; the first line's id stands for the order.
    return { id: ids[0]!, status: 'queued' };
  }

  parseStatusCallback(body: unknown): { id: string; status: ErxStatus } | undefined {
    const parsed = doseSpotCallbackSchema.safeParse(body);
    if (!parsed.success) return undefined;
    const status = STATUS[parsed.data.PrescriptionStatus];
    return status ? { id: parsed.data.PrescriptionId, status } : undefined;
  }

  /** The callback carries the secret we gave the vendor (compared in constant time). */
  authenticCallback(headers: Record<string, string | string[] | undefined>): boolean {
    const given = headers['x-erx-callback-secret'];
    if (typeof given !== 'string') return false;
    const a = Buffer.from(given);
    const b = Buffer.from(this.settings.callbackSecret);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}

/** DoseSpot from the environment (ERX_PROVIDER=dosespot), or undefined for the local default. */
export function doseSpotFromEnv(env: Record<string, string | undefined>): DoseSpotEPrescribing | undefined {
  if (env.ERX_PROVIDER !== 'dosespot') return undefined;
  const need = (name: string): string => {
    const value = env[name]?.trim();
    if (!value) throw new Error(`Invalid configuration:\n  ${name}: required with ERX_PROVIDER=dosespot`);
    return value;
  };
  return new DoseSpotEPrescribing({
    baseUrl: need('DOSESPOT_BASE_URL').replace(/\/$/, ''),
    clientId: need('DOSESPOT_CLIENT_ID'),
    clientSecret: need('DOSESPOT_CLIENT_SECRET'),
    userId: need('DOSESPOT_USER_ID'),
    callbackSecret: need('ERX_CALLBACK_SECRET'),
    epcs: env.DOSESPOT_EPCS === 'true',
  });
}
