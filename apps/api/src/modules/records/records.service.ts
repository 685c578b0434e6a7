import { topicReadIn, type ClinicianList, type FreeText, type HistoryPage, type MemberRecord } from '@puente/contracts';
import { clinicianInstructions, HISTORY_PAGE_SIZE, type Language } from '@puente/domain';
import { AppError } from '../../errors';
import type { TranslationProvider } from '../../providers/translation/translation.provider';
import type { AppointmentsService } from '../appointments/appointments.service';
import type { PhysiciansService } from '../physicians/physicians.service';
import type { TopicsService } from '../topics/topics.service';
import { refuseGuest, type Actor } from '../auth/session-scope';
import type { SupportService } from '../support/support.service';

export interface RecordsServiceDeps {
  appointments: AppointmentsService;
  support: SupportService;
  translation: TranslationProvider;
  physicians: Pick<PhysiciansService, 'getPhysician'>;
  /** Her topics' titles in her language (a consultation keeps its topic's in the language it was asked in). */
  topics: Pick<TopicsService, 'titles'>;
  /** Whether the consultation's signed prescription PDF exists (the prescribing module stores it). */
  prescriptionDocument: (appointmentId: string) => Promise<boolean>;
}

/**
 * The member's own record (issue 12): her history in pages and one consultation as she reads it.
 * Staff read consultations through the dashboard (audited there); here the member sees only her
 * own, anyone else gets NOT_FOUND.
 */
export class RecordsService {
  constructor(private readonly deps: RecordsServiceDeps) {}

  /** GET /api/records/clinicians: the member's coaches and US doctors (the complaint form's clinician choice). */
  async clinicians(actor: Actor, lang: Language): Promise<ClinicianList> {
    refuseGuest(actor);
    if (actor.userType !== 'member') throw new AppError('NOT_FOUND');
    const ids = await this.deps.appointments.careTeamOf(actor.id);
    const out: ClinicianList['clinicians'] = [];
    for (const id of ids) {
      const p = await this.deps.physicians.getPhysician(id, lang).catch(() => null);
      if (p) out.push({ id: p.id, name: `${p.firstName} ${p.lastName}`.trim(), userType: p.userType });
    }
    return { clinicians: out.sort((a, b) => a.name.localeCompare(b.name)) };
  }

  async history(actor: Actor, page: { cursor?: string; limit?: number }, lang: Language): Promise<HistoryPage> {
    // historyPage refuses anyone but the member herself.
    const titles = await this.deps.topics.titles(actor, lang);
    return this.deps.appointments.historyPage(actor, actor.id, { cursor: page.cursor, limit: page.limit ?? HISTORY_PAGE_SIZE }, lang, titles);
  }

  async record(actor: Actor, appointmentId: string, lang: Language): Promise<MemberRecord> {
    refuseGuest(actor);
    if (actor.userType !== 'member') throw new AppError('NOT_FOUND');
    const row = await this.deps.appointments.visible(actor, appointmentId);
    if (row.memberId !== actor.id) throw new AppError('NOT_FOUND');
    const asked = await this.deps.appointments.get(actor, row.id, lang);
    // Her topic in her language (the consultation keeps it in the language it was asked in).
    const appointment = asked.topic ? { ...asked, topic: topicReadIn(asked.topic, await this.deps.topics.titles(actor, lang)) } : asked;
    // spec 4: after expiry the notes are replaced by the expired message.
    const notesHidden = row.state === 'expired';
    // Free text is labelled with its writer's language, recorded when written (the note part's
    // author, the plan's writer); text written before that was recorded falls back to the consultation's.
    const fallback = row.language;
    const free = async (text: string | null | undefined, written: Language | null | undefined = fallback): Promise<FreeText | null> => {
      const language = written ?? fallback;
      return text?.trim() ? { text, language, translation: language === lang ? null : await this.deps.translation.translate(text, language, lang) } : null;
    };

    const note: MemberRecord['note'] = [];
    if (!notesHidden) {
      const values = await this.deps.appointments.consultationNote(actor, row.id, row.memberId, null).then(
        // In the template's order (jsonb keeps no key order).
        (n) => {
          const order = n.templates.flatMap((tpl) => tpl.fields.map((f) => f.name));
          const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
          return Object.fromEntries(Object.entries(n.values).sort(([a], [b]) => rank(a) - rank(b)));
        },
        (error: unknown) => {
          // No note template for this practice: no note.
          if (error instanceof AppError && error.code === 'NOT_FOUND') return {};
          throw error;
        },
      );
      // The shared note holds the last saver's values: a field's writer is the earliest author whose part has that value.
      const parts = await this.deps.appointments.noteLanguages(row.id);
      const writtenIn = (name: string, value: unknown) => parts.find((p) => p.values[name] === value)?.language;
      for (const [name, value] of Object.entries(values)) {
        const text = await free(typeof value === 'string' ? value : value === null ? null : String(value), writtenIn(name, value));
        if (text) note.push({ name, value: text });
      }
    }
    const plan = appointment.medicalRecord?.plan;
    const planLanguage = row.medicalRecord?.planLanguage;
    return {
      appointment,
      notesHidden,
      note,
      plan: plan && !notesHidden ? { conclusions: await free(plan.conclusions, planLanguage), recomendations: await free(plan.recomendations, planLanguage) } : null,
      // A structured line's sig was generated (the Treatment tab builds it in the reader's language): not the clinician's words.
      prescriptionNotes: await Promise.all(appointment.prescriptions.map((p) => free(clinicianInstructions(p)))),
      surveyAnswered: await this.deps.support.surveyAnswered(row.id),
      documentAvailable: await this.deps.prescriptionDocument(row.id),
    };
  }
}
