import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { writeWith, type WithTx } from '../../db/with-tx';
import { noPrescriptionReasons, prescriptionOrders, type PrescriptionOrderRow } from '../../db/schema';

export class PrescribingRepository {
  constructor(private readonly db: Db) {}

  async order(appointmentId: string): Promise<PrescriptionOrderRow | undefined> {
    const [row] = await this.db.select().from(prescriptionOrders).where(eq(prescriptionOrders.appointmentId, appointmentId));
    return row;
  }

  async saveOrder(row: typeof prescriptionOrders.$inferInsert, withTx?: WithTx): Promise<PrescriptionOrderRow> {
    const { appointmentId: _key, createdAt: _created, ...changes } = row;
    return writeWith(
      this.db,
      async (db) => (await db.insert(prescriptionOrders).values(row).onConflictDoUpdate({ target: prescriptionOrders.appointmentId, set: changes }).returning())[0]!,
      withTx,
    );
  }

  /** The order a vendor knows by `erxId`. */
  async orderByErxId(provider: string, erxId: string): Promise<PrescriptionOrderRow | undefined> {
    const [row] = await this.db.select().from(prescriptionOrders).where(and(eq(prescriptionOrders.erxProvider, provider), eq(prescriptionOrders.erxId, erxId)));
    return row;
  }

  async updateOrder(appointmentId: string, changes: Partial<typeof prescriptionOrders.$inferInsert>, withTx?: WithTx): Promise<PrescriptionOrderRow | undefined> {
    return writeWith(this.db, async (db) => (await db.update(prescriptionOrders).set(changes).where(eq(prescriptionOrders.appointmentId, appointmentId)).returning())[0], withTx);
  }

  async recordNoPrescription(row: typeof noPrescriptionReasons.$inferInsert, withTx?: WithTx): Promise<void> {
    const { appointmentId: _key, ...changes } = row;
    await writeWith(
      this.db,
      async (db) => {
        await db.insert(noPrescriptionReasons).values(row).onConflictDoUpdate({ target: noPrescriptionReasons.appointmentId, set: changes });
        return true;
      },
      withTx,
    );
  }

  async noPrescriptionReason(appointmentId: string): Promise<typeof noPrescriptionReasons.$inferSelect | undefined> {
    const [row] = await this.db.select().from(noPrescriptionReasons).where(eq(noPrescriptionReasons.appointmentId, appointmentId));
    return row;
  }
}
