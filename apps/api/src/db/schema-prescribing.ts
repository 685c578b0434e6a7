import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { NoPrescriptionReason, Prescription, PrescriptionLineInput } from '@puente/domain';
import { appointments } from './schema-appointments';
import { users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type PrescriptionOrderStatus = 'draft' | 'reviewed' | 'signed' | 'sent' | 'failed';

/**
 * The US doctor's prescription for one consultation (issue 11/12): the structured lines as
 * written (draft), the rendered lines the doctor reviewed, then signed; the signed PDF's storage
 * key and the e-prescribing provider's id and status.
 */
export const prescriptionOrders = pgTable(
  'prescription_orders',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id),
    prescriberId: uuid('prescriber_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<PrescriptionOrderStatus>().notNull(),
    lines: jsonb('lines').$type<PrescriptionLineInput[]>().notNull(),
    /** The lines as reviewed (and signed): the domain's Prescription with every structured field. */
    rendered: jsonb('rendered').$type<Prescription[]>().notNull().default([]),
    /** Language of the member the directions are written in. */
    language: text('language').notNull(),
    pharmacy: jsonb('pharmacy').$type<Record<string, string | number | null>>(),
    reviewedAt: ts('reviewed_at'),
    signedAt: ts('signed_at'),
    documentKey: text('document_key'),
    erxProvider: text('erx_provider'),
    erxId: text('erx_id'),
    erxStatus: text('erx_status'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('prescription_orders_member_idx').on(t.memberId)],
);
export type PrescriptionOrderRow = typeof prescriptionOrders.$inferSelect;

/** Why a consultation that needed a prescription ended without one (issue 11). */
export const noPrescriptionReasons = pgTable('no_prescription_reasons', {
  appointmentId: uuid('appointment_id')
    .primaryKey()
    .references(() => appointments.id),
  physicianId: uuid('physician_id')
    .notNull()
    .references(() => users.id),
  reason: text('reason').$type<NoPrescriptionReason>().notNull(),
  note: text('note'),
  at: ts('at').notNull(),
});

