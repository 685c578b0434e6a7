import { medicalRecordTexts, type AppointmentDto, type ConsultationNoteDto, type MedicalRecordBaseDto, type medicalRecordSchema } from '@puente/contracts';
import type { AppointmentRow, MedicalRecordValue } from '../../db/schema';
import { APPOINTMENT_STATE as S, canPrescribe, isAssignedPhysician, isClinicalRecordClosed, overwrittenFields, writerLanguage, type Language, type TransitionError } from '@puente/domain';
import type * as z from 'zod/mini';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import { stateConflict } from './appointments.errors';
import { licensedStates, memberStateFor } from './appointments.policy';
import type { AppointmentQueries } from './appointments.queries';
import type { AppointmentsRepository } from './appointments.repository';
import type { AppointmentsServiceDeps } from './appointments.service';

const stripUndefined = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The clinical record of a consultation: its notes (spec 3; templates by practice) and medical record. */
export class ClinicalRecord {
  private readonly repo: AppointmentsRepository;

  constructor(
    private readonly deps: AppointmentsServiceDeps,
    private readonly queries: AppointmentQueries,
  ) {
    this.repo = deps.repository;
  }

  /** Its physicians' open charts read the record again (a colleague's text shows beside what they type). */
  private recordChanged(row: AppointmentRow): void {
    this.deps.notifier.recordChanged?.(row.id, [row.mxDoctorId, row.usDoctorId].filter((id): id is string => !!id));
  }

  /** The authors' parts of the shared note with the language each was written in (oldest first). */
  async noteLanguages(appointmentId: string): Promise<{ templateId: string; values: Record<string, unknown>; language: Language | null }[]> {
    return (await this.repo.noteParts(appointmentId)).map((p) => ({ templateId: p.templateId, values: p.values, language: p.language ?? null }));
  }

  async consultationNote(actor: UserRow, appointmentId: string, memberId: string, templateId: string | null | undefined): Promise<ConsultationNoteDto> {
    const row = await this.queries.visible(actor, appointmentId);
    if (row.memberId !== memberId) throw new AppError('NOT_FOUND');
    const templates = (await this.repo.noteTemplates()).filter((t) => t.practice === row.practice);
    const chosen = templateId ?? row.templateId ?? templates[0]?.id;
    if (!chosen || !templates.some((t) => t.id === chosen)) throw new AppError('NOT_FOUND');
    // spec 4: after expiry the member's notes are hidden (the history shows the expired message).
    const hidden = actor.userType === 'member' && row.state === S.EXPIRED;
    const values = hidden ? {} : ((await this.repo.noteValues(row.id, chosen)) ?? {});
    await this.deps.audit.record({ actor, action: 'read', resource: 'consultation-note', subjectId: row.memberId, recordId: row.id, fields: Object.keys(values) });
    return {
      values,
      templates: templates.map((t) => ({ _id: t.id, practice: t.practice, name: t.name, label: t.label, fields: t.fields })),
      // spec 6 OFFERS_PRODUCTS: the products her organization offers (none without the flag).
      partnerProducts: (await this.deps.organizations?.partnerProducts?.(row.memberId)) ?? [],
      // The record by author is the clinicians' (issue 11): the member reads her summary only.
      ...(actor.userType === 'member' ? { parts: [], addenda: [] } : await this.authoredRecord(row)),
    };
  }

  private async authoredRecord(row: AppointmentRow): Promise<Pick<ConsultationNoteDto, 'parts' | 'addenda'>> {
    const [parts, addenda] = await Promise.all([this.repo.noteParts(row.id), this.repo.noteAddenda(row.id)]);
    const names = await this.deps.accounts.namesOf([...parts, ...addenda].map((x) => x.authorId));
    const name = (p: { authorId: string }) => [names.get(p.authorId)?.firstName, names.get(p.authorId)?.lastName].filter(Boolean).join(' ') || null;
    return {
      parts: parts.map((p) => ({ authorId: p.authorId, authorName: name(p), authorRole: p.authorRole, templateId: p.templateId, values: p.values, updatedAt: p.updatedAt.toISOString(), signedAt: p.signedAt?.toISOString() ?? null })),
      addenda: addenda.map((a) => ({ id: a.id, authorId: a.authorId, authorName: name(a), authorRole: a.authorRole, text: a.text, createdAt: a.createdAt.toISOString() })),
    };
  }

  /** signConsultationNote: a clinician signs her own part (never another's); a signed part is locked. */
  async signConsultationNote(actor: UserRow, appointmentId: string, authorId: string): Promise<ConsultationNoteDto> {
    const row = await this.queries.visible(actor, appointmentId);
    if (!isAssignedPhysician(row, actor.id)) throw new AppError('FORBIDDEN');
    if (authorId !== actor.id) throw new AppError('FORBIDDEN');
    const now = this.deps.clock.now();
    const signed = await this.repo.signNotePart(row.id, actor.id, now, (tx) =>
      this.deps.audit.record({ actor, action: 'update', resource: 'consultation-note', subjectId: row.memberId, recordId: row.id, fields: ['signedAt'] }, tx),
    );
    if (!signed) {
      const part = await this.repo.notePart(row.id, actor.id);
      if (part?.signedAt) throw new AppError('CONFLICT', { reason: 'note-signed' });
      throw new AppError('INVALID_DATA', { fields: { values: 'required' } });
    }
    this.recordChanged(row);
    return this.consultationNote(actor, row.id, row.memberId, signed.templateId);
  }

  /** addConsultationNoteAddendum: after her part is signed, a clinician's later change is an addendum (append-only, attributed, audited). */
  async addConsultationNoteAddendum(actor: UserRow, appointmentId: string, text: string): Promise<ConsultationNoteDto> {
    const row = await this.queries.visible(actor, appointmentId);
    if (!isAssignedPhysician(row, actor.id)) throw new AppError('FORBIDDEN');
    const part = await this.repo.notePart(row.id, actor.id);
    if (!part?.signedAt) throw new AppError('CONFLICT', { reason: 'note-not-signed' });
    await this.repo.addNoteAddendum({ appointmentId: row.id, authorId: actor.id, authorRole: part.authorRole, text, createdAt: this.deps.clock.now() }, (tx) =>
      this.deps.audit.record({ actor, action: 'create', resource: 'consultation-note-addendum', subjectId: row.memberId, recordId: row.id, fields: ['text'] }, tx),
    );
    this.recordChanged(row);
    return this.consultationNote(actor, row.id, row.memberId, part.templateId);
  }

  async saveConsultationNote(actor: UserRow, appointmentId: string, templateId: string, values: Record<string, string | number | boolean | null>): Promise<ConsultationNoteDto> {
    const row = await this.queries.visible(actor, appointmentId);
    if (!isAssignedPhysician(row, actor.id)) throw new AppError('FORBIDDEN');
    if (isClinicalRecordClosed(row.state)) throw stateConflict(row.state, row.state);
    const template = (await this.repo.noteTemplates()).find((t) => t.id === templateId && t.practice === row.practice);
    if (!template) throw new AppError('INVALID_DATA', { fields: { templateId: 'invalid_template' } });
    const unknown = Object.keys(values).find((k) => !template.fields.some((f) => f.name === k));
    if (unknown) throw new AppError('INVALID_DATA', { fields: { [`values.${unknown}`]: 'unknown_field' } });
    const now = this.deps.clock.now();
    const role = actor.userType === 'us-physician' ? 'us-physician' : 'mx-physician';
    // The audit row commits (or rolls back) with the note it records; a signed part is locked (issue 11).
    const saved = await this.repo.saveNote(row.id, templateId, values, { id: actor.id, role, language: writerLanguage(actor) }, now, (tx) =>
      this.deps.audit.record({ actor, action: 'update', resource: 'consultation-note', subjectId: row.memberId, recordId: row.id, fields: Object.keys(values) }, tx),
    );
    if (!saved) throw new AppError('CONFLICT', { reason: 'note-signed' });
    if (row.templateId !== templateId) await this.repo.update(row.id, { templateId, updatedAt: now });
    this.recordChanged(row);
    return this.consultationNote(actor, row.id, row.memberId, templateId);
  }

  /**
   * Medical record (internal notes, plan, treatment, pharmacy): the assigned physicians only;
   * treatment only from a licensed US doctor. `basedOn`: the texts as the writer last read them; a
   * text a colleague changed since is not written over (CONFLICT record-changed, with its fields).
   */
  async saveMedicalRecord(actor: UserRow, id: string, record: z.output<typeof medicalRecordSchema>, lang: Language, basedOn?: MedicalRecordBaseDto): Promise<AppointmentDto> {
    const row = await this.queries.visible(actor, id);
    if (!isAssignedPhysician(row, actor.id)) throw new AppError('FORBIDDEN');
    if (isClinicalRecordClosed(row.state)) throw stateConflict(row.state, row.state);
    const licensed = licensedStates(await this.deps.physicians.record(actor.id));
    const treatment = record.plan?.treatment ?? [];
    if (treatment.length > 0 && !canPrescribe(actor.userType, licensed, memberStateFor(row))) {
      throw new AppError('CONFLICT', { data: { transitionError: 'not-licensed-to-prescribe' satisfies TransitionError } });
    }
    const changes = stripUndefined(record);
    // The plan's text is free text: recorded with its writer's language (issue 12), the member reads
    // it labelled so (a treatment alone is not text in a language).
    const writesPlanText = changes.plan === null || (changes.plan !== undefined && (changes.plan.conclusions !== undefined || changes.plan.recomendations !== undefined));
    const merge = (stored: MedicalRecordValue | null): MedicalRecordValue => {
      const current = stored ?? {};
      if (basedOn) {
        const fields = overwrittenFields(medicalRecordTexts(current), medicalRecordTexts(changes), medicalRecordTexts(basedOn));
        if (fields.length > 0) throw new AppError('CONFLICT', { reason: 'record-changed', data: { fields } });
      }
      // Merged by section, and the plan by field: a save carries what its writer changed, never
      // overwrites what another wrote meanwhile (the US doctor's treatment under the coach's
      // conclusions, or the other way round).
      const plan = changes.plan ? { ...(current.plan ?? {}), ...stripUndefined(changes.plan) } : changes.plan;
      return { ...current, ...changes, ...(plan !== undefined ? { plan } : {}), ...(writesPlanText ? { planLanguage: writerLanguage(actor) } : {}) };
    };
    const updated = await this.repo.updateMedicalRecord(row.id, merge, this.deps.clock.now(), (tx) =>
      this.deps.audit.record({ actor, action: 'update', resource: 'medical-record', subjectId: row.memberId, recordId: row.id, fields: Object.keys(changes) }, tx),
    );
    this.recordChanged(updated ?? row);
    return this.queries.present(actor, updated ?? row, lang);
  }
}
