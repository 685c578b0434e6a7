import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { noPrescriptionReasons, prescriptionOrders, type PrescriptionOrderRow } from '../../db/schema';

export class PrescribingRepository {
  constructor(private readonly db: Db) {}

  async order(appointmentId: string): Promise<PrescriptionOrderRow | undefined> {
    const [row] = await this.db.select().from(prescriptionOrders).where(eq(prescriptionOrders.appointmentId, appointmentId));
    return row;
  }

  async saveOrder(row: typeof prescriptionOrders.$inferInsert): Promise<PrescriptionOrderRow> {
    const { appointmentId: _key, createdAt: _created, ...changes } = row;
    const [stored] = await this.db.insert(prescriptionOrders).values(row).onConflictDoUpdate({ target: prescriptionOrders.appointmentId, set: changes }).returning();
    return stored!;
  }

  async updateOrder(appointmentId: string, changes: Partial<typeof prescriptionOrders.$inferInsert>): Promise<PrescriptionOrderRow | undefined> {
    const [row] = await this.db.update(prescriptionOrders).set(changes).where(eq(prescriptionOrders.appointmentId, appointmentId)).returning();
    return row;
  }

  async recordNoPrescription(row: typeof noPrescriptionReasons.$inferInsert): Promise<void> {
    const { appointmentId: _key, ...changes } = row;
    await this.db.insert(noPrescriptionReasons).values(row).onConflictDoUpdate({ target: noPrescriptionReasons.appointmentId, set: changes });
  }

  async noPrescriptionReason(appointmentId: string): Promise<typeof noPrescriptionReasons.$inferSelect | undefined> {
    const [row] = await this.db.select().from(noPrescriptionReasons).where(eq(noPrescriptionReasons.appointmentId, appointmentId));
    return row;
  }
}
