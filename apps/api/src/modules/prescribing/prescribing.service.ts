import type { AllergyWarning, AppointmentDto, PrescriptionOrderDto, PrescriptionReadinessDto } from '@puente/contracts';
import {
  allergyConflicts,
  buildDirections,
  canDeliverPrescription,
  canPrescribe,
  frequencyText,
  icd10Text,
  isControlled,
  prescriptionReadiness,
  quantityText,
  RXNORM_CODE_SYSTEM,
  type Language,
  type Medication,
  type NoPrescriptionReason,
  type Prescription,
  type PrescriptionLineInput,
} from '@puente/domain';
import type { AppointmentRow, PrescriptionOrderRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { EPrescribingProvider, ErxPharmacy } from '../../providers/eprescribing/eprescribing.provider';
import { ControlledSubstanceRefused } from '../../providers/eprescribing/eprescribing.provider';
import type { MedicationDirectory } from '../../providers/medications/medication-directory.provider';
import type { StorageProvider } from '../../providers/storage/storage.provider';
import type { RealtimeGateway } from '../../realtime/gateway';
import type { AppointmentsService } from '../appointments/appointments.service';
import type { AuditService } from '../audit/audit.service';
import { refuseGuest, type Actor } from '../auth/session-scope';
import type { MembersService } from '../members/members.service';
import type { PhysiciansService } from '../physicians/physicians.service';
import { CLINICIANS, DRAFT_STATES, SIGN_STATES } from './prescribing.policy';
import type { PrescribingRepository } from './prescribing.repository';

export interface PrescribingServiceDeps {
  repository: PrescribingRepository;
  appointments: Pick<AppointmentsService, 'visible' | 'byId' | 'recordSignedPrescription' | 'completeTreatment' | 'finish' | 'present'>;
  physicians: Pick<PhysiciansService, 'record'>;
  members: Pick<MembersService, 'findById'>;
  medications: MedicationDirectory;
  erx: EPrescribingProvider;
  storage: StorageProvider;
  audit: AuditService;
  realtime: Pick<RealtimeGateway, 'emitToUser'>;
  clock: Clock;
}

/** spec 4 infoPage SMC11 "treatment sent to pharmacy", as the member hears of it. */
const SMC11_TEXT: Record<Language, string> = {
  es: 'Tu tratamiento fue enviado a la farmacia.',
  en: 'Your treatment was sent to the pharmacy.',
};

export const documentKeyOf = (appointmentId: string): string => `prescriptions/${appointmentId}`;

/**
 * Safe prescribing (issue 11) and the prescription reaching a pharmacy (issue 12). Only the US
 * doctor assigned to the consultation and licensed in the member's state writes it; each line
 * comes from the medication directory with structured directions, quantity, days' supply,
 * refills, substitution and an ICD-10 diagnosis; allergies by drug class need a recorded override;
 * controlled substances are refused by a provider that is not EPCS-certified; review, then sign:
 * the e-prescribing provider sends it (locally: a signed PDF in the member's language, stored),
 * the consultation moves TREAT_PENDING -> TREAT_COMPLETED, and the member is told (SMC11).
 */
export class PrescribingService {
  constructor(private readonly deps: PrescribingServiceDeps) {}

  async searchMedications(actor: Actor, q: string, limit: number): Promise<Medication[]> {
    refuseGuest(actor);
    if (!(CLINICIANS as readonly string[]).includes(actor.userType)) throw new AppError('FORBIDDEN');
    return this.deps.medications.search(q, limit);
  }

  /** Readiness before escalation: the member herself or the consultation's physicians (others NOT_FOUND). */
  async readiness(actor: Actor, appointmentId: string): Promise<PrescriptionReadinessDto> {
    const row = await this.deps.appointments.visible(actor, appointmentId);
    const member = await this.deps.members.findById(row.memberId);
    if (!member) throw new AppError('NOT_FOUND');
    const missing = prescriptionReadiness({ location: row.location, address: member.address, phoneNumber: member.phoneNumber, pharmacy: member.pharmacy });
    return { appointmentId: row.id, missing, delivery: canDeliverPrescription({ country: row.location?.country, state: row.location?.state }), ready: missing.length === 0 };
  }

  async getOrder(actor: Actor, appointmentId: string): Promise<PrescriptionOrderDto | null> {
    const row = await this.assignedDoctor(actor, appointmentId);
    const order = await this.deps.repository.order(row.id);
    if (!order) return null;
    await this.deps.audit.record({ actor, action: 'read', resource: 'prescription', subjectId: row.memberId, recordId: row.id });
    const meds = await Promise.all(order.lines.map((l) => this.deps.medications.get(l.rxcui)));
    const allergies = await this.allergiesOf(row);
    return this.present(order, row, order.lines.flatMap((l, i) => (meds[i] ? warningsFor([l], [meds[i]], allergies).map((w) => ({ ...w, line: i })) : [])));
  }

  /** Saves the draft: every line from the directory, no controlled substance; warnings computed. */
  async saveDraft(actor: Actor, appointmentId: string, lines: PrescriptionLineInput[]): Promise<PrescriptionOrderDto> {
    const row = await this.assignedDoctor(actor, appointmentId);
    if (!DRAFT_STATES.includes(row.state)) throw new AppError('CONFLICT', { data: { reason: 'not-prescribing-now', state: row.state } });
    await this.checkLicence(actor, row);
    const meds = await this.medicationsFor(lines);
    const member = await this.deps.members.findById(row.memberId);
    const language = member?.preferredLang ?? row.language;
    const now = this.deps.clock.now();
    const existing = await this.deps.repository.order(row.id);
    if (existing && (existing.status === 'signed' || existing.status === 'sent')) throw new AppError('CONFLICT', { data: { reason: 'prescription-already-signed' } });
    const order = await this.deps.repository.saveOrder({
      appointmentId: row.id,
      memberId: row.memberId,
      prescriberId: actor.id,
      status: 'draft',
      lines,
      rendered: lines.map((l, i) => render(l, meds[i]!, language)),
      language,
      pharmacy: null,
      reviewedAt: null,
      signedAt: null,
      createdAt: now,
      updatedAt: now,
    }, (tx) => this.deps.audit.record({ actor, action: 'update', resource: 'prescription', subjectId: row.memberId, recordId: row.id, fields: ['draft'] }, tx));
    return this.present(order, row, warningsFor(lines, meds, member?.alergies ?? []));
  }

  /**
   * The review step: the draft is checked again (licence, directory, controlled), every allergy
   * conflict needs an override reason, and the member must be ready for delivery. The reviewed
   * lines carry the prescriber; signing signs exactly these.
   */
  async review(actor: Actor, appointmentId: string): Promise<PrescriptionOrderDto> {
    const row = await this.assignedDoctor(actor, appointmentId);
    const order = await this.deps.repository.order(row.id);
    if (!order) throw new AppError('CONFLICT', { data: { reason: 'no-prescription-draft' } });
    if (order.status === 'signed' || order.status === 'sent') throw new AppError('CONFLICT', { data: { reason: 'prescription-already-signed' } });
    const prescriber = await this.checkLicence(actor, row);
    const meds = await this.medicationsFor(order.lines);
    const member = await this.deps.members.findById(row.memberId);
    const allergies = member?.alergies ?? [];
    const fields: Record<string, string> = {};
    order.lines.forEach((l, i) => {
      if (allergyConflicts(allergies, meds[i]!).length > 0 && !l.allergyOverrideReason?.trim()) fields[`lines.${i}.allergyOverrideReason`] = 'rx_allergy_override_required';
    });
    if (Object.keys(fields).length > 0) throw new AppError('INVALID_DATA', { fields, data: { warnings: warningsFor(order.lines, meds, allergies) } });
    const readiness = prescriptionReadiness({ location: row.location, address: member?.address, phoneNumber: member?.phoneNumber, pharmacy: member?.pharmacy });
    if (readiness.length > 0) throw new AppError('CONFLICT', { data: { reason: 'member-not-ready', missing: readiness } });
    const delivery = canDeliverPrescription({ country: row.location?.country, state: row.location?.state });
    const rendered = order.lines.map((l, i) => ({ ...render(l, meds[i]!, order.language as Language, allergies), prescriber }));
    const now = this.deps.clock.now();
    const updated = await this.deps.repository.updateOrder(row.id, { status: 'reviewed', rendered, reviewedAt: now, updatedAt: now, pharmacy: delivery ? (member?.pharmacy ?? null) : null }, (tx) =>
      this.deps.audit.record({ actor, action: 'update', resource: 'prescription', subjectId: row.memberId, recordId: row.id, fields: ['reviewedAt'] }, tx),
    );
    return this.present(updated!, row, warningsFor(order.lines, meds, allergies));
  }

  /** Signs the reviewed prescription and sends it (TREAT_PENDING, then TREAT_COMPLETED when sent). */
  async sign(actor: Actor, appointmentId: string, lang: Language): Promise<{ prescription: PrescriptionOrderDto; appointment: AppointmentDto }> {
    const row = await this.assignedDoctor(actor, appointmentId);
    const order = await this.deps.repository.order(row.id);
    if (!order || order.status === 'draft') throw new AppError('CONFLICT', { data: { reason: 'review-required' } });
    if (order.status !== 'reviewed') throw new AppError('CONFLICT', { data: { reason: 'prescription-already-signed' } });
    if (!SIGN_STATES.includes(row.state)) throw new AppError('CONFLICT', { data: { reason: 'end-call-first', state: row.state } });
    await this.checkLicence(actor, row);
    const meds = await this.medicationsFor(order.lines);
    const member = await this.deps.members.findById(row.memberId);
    if (!member) throw new AppError('NOT_FOUND');
    const signedAt = this.deps.clock.now();
    const lines: Prescription[] = order.rendered.map((p) => ({ ...p, signedAt: signedAt.toISOString() }));
    const patient = {
      memberId: member.id,
      firstName: member.firstName ?? '',
      lastName: member.lastName ?? '',
      birthday: member.birthday ?? null,
      sex: member.sex ?? null,
      phoneNumber: member.phoneNumber ?? null,
      address: member.address ? { city: member.address.city, state: member.address.state, zipCode: member.address.zipCode } : null,
    };
    const { patientId } = await this.deps.erx.createPatient(patient);
    let sent;
    try {
      sent = await this.deps.erx.sendPrescription({
        appointmentId: row.id,
        patientId,
        patient,
        prescriber: { id: actor.id, ...lines[0]!.prescriber! },
        pharmacy: (order.pharmacy as ErxPharmacy | null) ?? null,
        lines: lines.map((l, i) => ({ ...l, schedule: meds[i]!.schedule })),
        language: order.language as Language,
        signedAt,
      });
    } catch (err) {
      if (err instanceof ControlledSubstanceRefused) throw new AppError('INVALID_DATA', { fields: { [`lines.${lines.findIndex((l) => l.code === err.rxcui)}.rxcui`]: 'rx_controlled_refused' } });
      throw err;
    }
    const documentKey = sent.document ? documentKeyOf(row.id) : null;
    if (sent.document && documentKey) await this.deps.storage.put(documentKey, sent.document);
    // The consultation records the signed lines and the pharmacy (TREAT_PENDING), then the order.
    let appointment = await this.deps.appointments.recordSignedPrescription(actor, row.id, lines, order.pharmacy);
    let stored = await this.deps.repository.updateOrder(row.id, { status: 'signed', rendered: lines, signedAt, documentKey, erxProvider: this.deps.erx.name, erxId: sent.id, erxStatus: sent.status, updatedAt: signedAt });
    if (sent.status === 'sent') ({ appointment, stored } = await this.markSent(row.id));
    return { prescription: this.present(stored!, appointment, warningsFor(order.lines, meds, member.alergies)), appointment: await this.deps.appointments.present(actor, appointment, lang) };
  }

  /**
   * POST /api/eprescribing/status: the vendor reports a prescription's status. Only an authentic
   * callback (the shared secret) for an order of ours is applied, and each change once: "sent"
   * completes the treatment (SMC11 to the member), an error is recorded on the order for the doctor.
   */
  async statusCallback(headers: Record<string, string | string[] | undefined>, body: unknown): Promise<{ ok: true }> {
    const erx = this.deps.erx;
    if (!erx.authenticCallback(headers)) throw new AppError('NOT_FOUND');
    const update = erx.parseStatusCallback(body);
    if (!update) throw new AppError('INVALID_DATA', { fields: { PrescriptionStatus: 'erx_callback_unknown' } });
    const order = await this.deps.repository.orderByErxId(erx.name, update.id);
    if (!order) throw new AppError('NOT_FOUND');
    if (order.status === 'sent') return { ok: true };
    if (update.status === 'sent') await this.markSent(order.appointmentId);
    else await this.deps.repository.updateOrder(order.appointmentId, { erxStatus: update.status, updatedAt: this.deps.clock.now() });
    return { ok: true };
  }

  /** A vendor's status callback (or the local default at once): sent -> TREAT_COMPLETED and SMC11 to the member. */
  async markSent(appointmentId: string): Promise<{ appointment: AppointmentRow; stored: PrescriptionOrderRow | undefined }> {
    const appointment = await this.deps.appointments.completeTreatment(appointmentId);
    const stored = await this.deps.repository.updateOrder(appointmentId, { status: 'sent', erxStatus: 'sent', updatedAt: this.deps.clock.now() });
    const member = await this.deps.members.findById(appointment.memberId);
    const lang: Language = member?.preferredLang ?? 'es';
    this.deps.realtime.emitToUser(appointment.memberId, 'command-notification', { body: SMC11_TEXT[lang], lang, infoPage: 'SMC11', pushAction: 'TREAT_COMPLETED', appointmentId });
    return { appointment, stored };
  }

  /** Finishing a consultation that needed a prescription without one: the reason is recorded, then finish. */
  async finishWithoutPrescription(actor: Actor, appointmentId: string, reason: NoPrescriptionReason, note: string | null | undefined, lang: Language): Promise<AppointmentDto> {
    const row = await this.assignedDoctor(actor, appointmentId);
    await this.deps.repository.recordNoPrescription({ appointmentId: row.id, physicianId: actor.id, reason, note: note ?? null, at: this.deps.clock.now() }, (tx) =>
      this.deps.audit.record({ actor, action: 'update', resource: 'prescription', subjectId: row.memberId, recordId: row.id, fields: ['noPrescriptionReason'] }, tx),
    );
    return this.deps.appointments.finish(actor, row.id, lang, { noPrescriptionRecorded: true });
  }

  noPrescriptionReason(appointmentId: string) {
    return this.deps.repository.noPrescriptionReason(appointmentId);
  }

  /** Whether the consultation has a signed PDF (the local default makes one; a vendor such as DoseSpot does not). */
  async documentAvailable(appointmentId: string): Promise<boolean> {
    return !!(await this.deps.repository.order(appointmentId))?.documentKey;
  }

  /** The signed PDF: the member and the prescribing doctor only; anyone else, or none yet, NOT_FOUND. */
  async document(actor: Actor, appointmentId: string): Promise<Buffer> {
    refuseGuest(actor);
    const row = await this.deps.appointments.byId(appointmentId);
    if (!row) throw new AppError('NOT_FOUND');
    const order = await this.deps.repository.order(row.id);
    const isMember = actor.userType === 'member' && row.memberId === actor.id;
    const isPrescriber = !!order && order.prescriberId === actor.id;
    if (!order?.documentKey || !(isMember || isPrescriber)) throw new AppError('NOT_FOUND');
    const pdf = await this.deps.storage.get(order.documentKey);
    if (!pdf) throw new AppError('NOT_FOUND');
    // The member's own read is hers (not recorded); the prescriber's is audited.
    if (!isMember) await this.deps.audit.record({ actor, action: 'read', resource: 'prescription-document', subjectId: row.memberId, recordId: row.id });
    return pdf;
  }

  private async assignedDoctor(actor: Actor, appointmentId: string): Promise<AppointmentRow> {
    refuseGuest(actor);
    const row = await this.deps.appointments.visible(actor, appointmentId);
    // spec 1/6: a coach cannot prescribe; only the consultation's own US doctor writes it.
    if (actor.userType !== 'us-physician' || row.usDoctorId !== actor.id) throw new AppError('NOT_FOUND');
    return row;
  }

  /** spec 6: licensed in the member's state; the prescriber as the record shows it (name, NPI, licence). */
  private async checkLicence(actor: Actor, row: AppointmentRow): Promise<NonNullable<Prescription['prescriber']>> {
    const record = await this.deps.physicians.record(actor.id);
    const state = row.location?.state?.toUpperCase() ?? null;
    const licence = record?.licenses.find((l) => l.state.toUpperCase() === state);
    if (!canPrescribe(actor.userType, record?.licenses.map((l) => l.state), state) || !licence) {
      throw new AppError('FORBIDDEN', { data: { transitionError: 'not-licensed-to-prescribe' } });
    }
    return { name: [actor.firstName, actor.lastName].filter(Boolean).join(' '), npi: record?.profile?.npi ?? null, licenseState: licence.state.toUpperCase(), licenseNumber: licence.licenseNumber ?? null };
  }

  /** Each line's directory entry: an unknown RxCUI or (without an EPCS vendor) a controlled substance is refused. */
  private async medicationsFor(lines: readonly PrescriptionLineInput[]): Promise<Medication[]> {
    const meds = await Promise.all(lines.map((l) => this.deps.medications.get(l.rxcui)));
    const fields: Record<string, string> = {};
    meds.forEach((m, i) => {
      if (!m) fields[`lines.${i}.rxcui`] = 'rx_medication_unknown';
      else if (isControlled(m) && !this.deps.erx.allowsControlled) fields[`lines.${i}.rxcui`] = 'rx_controlled_refused';
    });
    if (Object.keys(fields).length > 0) throw new AppError('INVALID_DATA', { fields });
    return meds as Medication[];
  }

  private async allergiesOf(row: AppointmentRow): Promise<string[]> {
    return (await this.deps.members.findById(row.memberId))?.alergies ?? [];
  }

  private present(order: PrescriptionOrderRow, row: Pick<AppointmentRow, 'id'>, warnings: AllergyWarning[]): PrescriptionOrderDto {
    return {
      appointmentId: row.id,
      status: order.status,
      lines: order.lines,
      rendered: order.rendered,
      warnings,
      language: order.language as Language,
      pharmacy: order.pharmacy ?? null,
      reviewedAt: order.reviewedAt?.toISOString() ?? null,
      signedAt: order.signedAt?.toISOString() ?? null,
      documentAvailable: !!order.documentKey,
    };
  }
}

function warningsFor(lines: readonly PrescriptionLineInput[], meds: readonly Medication[], allergies: readonly string[]): AllergyWarning[] {
  return lines.flatMap((l, i) => {
    const hit = allergyConflicts(allergies, meds[i]!);
    return hit.length > 0 ? [{ line: i, rxcui: l.rxcui, allergies: hit, overridden: !!l.allergyOverrideReason?.trim() }] : [];
  });
}

/** One line as it is signed: the directory's drug, structured fields, and text fields built from them. */
function render(l: PrescriptionLineInput, m: Medication, lang: Language, allergies: readonly string[] = []): Prescription {
  const conflicts = allergyConflicts(allergies, m);
  return {
    code: m.rxcui,
    codeSystem: RXNORM_CODE_SYSTEM,
    name: m.name,
    qty: quantityText(l.quantity, l.quantityUnit, lang),
    duration: `${l.durationDays} ${lang === 'es' ? 'días' : 'days'}`,
    freq: frequencyText(l.frequency, lang),
    dosage: quantityText(l.dose, l.doseUnit, lang),
    sig: buildDirections(l, lang),
    strength: m.strength,
    doseForm: m.doseForm,
    route: l.route,
    drugClass: m.drugClass,
    dose: l.dose,
    doseUnit: l.doseUnit,
    frequency: l.frequency,
    durationDays: l.durationDays,
    quantity: l.quantity,
    quantityUnit: l.quantityUnit,
    daysSupply: l.daysSupply,
    refills: l.refills,
    substitutionAllowed: l.substitutionAllowed,
    diagnosis: { code: l.diagnosisCode, text: icd10Text(l.diagnosisCode, lang) ?? l.diagnosisCode },
    allergyOverride: conflicts.length > 0 && l.allergyOverrideReason?.trim() ? { allergies: conflicts, reason: l.allergyOverrideReason.trim() } : null,
    prescriber: null,
    signedAt: null,
  };
}
