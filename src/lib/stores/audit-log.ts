import { desc } from 'drizzle-orm';
import { database } from '../db/client';
import { auditLog } from '../db/schema';
import { newId } from '../ids';
import type { AuditEvent } from '../schemas/audit';

/** The audit log (docs/roles.md): one row per event, written by the server, never rewritten. */
export async function recordAudit(
  event: Omit<AuditEvent, 'id' | 'at' | 'target' | 'detail'> & Partial<Pick<AuditEvent, 'target' | 'detail'>>,
  now = Date.now(),
): Promise<AuditEvent> {
  const full: AuditEvent = { id: newId(now), at: new Date(now).toISOString(), target: '', detail: '', ...event };
  await database().insert(auditLog).values(full);
  return full;
}

/** Every event, newest first. */
export function listAudit(): Promise<AuditEvent[]> {
  return database().select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id));
}
