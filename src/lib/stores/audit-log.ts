import { desc } from 'drizzle-orm';
import { database } from '../db/client';
import { auditLog } from '../db/schema';
import { newId } from '../ids';
import type { AuditEvent } from '../schemas/audit';

/** The audit log (docs/roles.md): one row per event, written by the server, never rewritten. */
export async function recordAudit(
  event: Omit<AuditEvent, 'id' | 'at' | 'target' | 'detail'> & { target?: string; detail?: string },
  now = Date.now(),
): Promise<AuditEvent> {
  const full: AuditEvent = { id: newId(now), at: new Date(now).toISOString(), target: '', detail: '', ...event };
  await database()
    .insert(auditLog)
    .values({ ...full, at: new Date(full.at) });
  return full;
}

/** Every event, newest first. */
export async function listAudit(): Promise<AuditEvent[]> {
  const rows = await database().select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id));
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
