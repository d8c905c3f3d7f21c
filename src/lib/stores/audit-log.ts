import { newId } from '../ids';
import { auditEventSchema, type AuditEvent } from '../schemas/audit';
import { EventLog } from './event-log';

/**
 * The audit log (docs/roles.md): append-only, one key per event under `events/`, never rewritten or deleted by
 * the site (docs/architecture.md, "Storage"). Keys are time-sortable ids, so the newest are last.
 */
const log = new EventLog<AuditEvent>('audit', auditEventSchema);
const PREFIX = 'events/';

export async function recordAudit(
  event: Omit<AuditEvent, 'id' | 'at' | 'target' | 'detail'> & { target?: string; detail?: string },
  now = Date.now(),
): Promise<AuditEvent> {
  const id = newId(now);
  const full: AuditEvent = { id, at: new Date(now).toISOString(), target: '', detail: '', ...event };
  await log.put(`${PREFIX}${id}`, full);
  return full;
}

/** Every event, newest first. */
export async function listAudit(): Promise<AuditEvent[]> {
  const events = await log.read(PREFIX);
  return events.map(({ event }) => event).reverse();
}
