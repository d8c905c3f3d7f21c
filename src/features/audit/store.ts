import { desc } from 'drizzle-orm';
import { allPages, eachPage, olderThan, toPage, type Page, type PageQuery } from '../../platform/db/paging';
import { database } from '../../platform/db/client';
import { auditLog } from './tables';
import { newId } from '../../platform/ids';
import type { AuditEvent } from './schema';

/** The audit log (docs/roles.md): one row per event, written by the server, never rewritten. */
export async function recordAudit(
  event: Omit<AuditEvent, 'id' | 'at' | 'target' | 'detail'> & Partial<Pick<AuditEvent, 'target' | 'detail'>>,
  now = Date.now(),
): Promise<AuditEvent> {
  const full: AuditEvent = { id: newId(now), at: new Date(now).toISOString(), target: '', detail: '', ...event };
  await database().insert(auditLog).values(full);
  return full;
}

/** A page of events, newest first (one statement on the (at, id) index, whatever the log's size). */
export async function listAuditPage(query: Pick<PageQuery, 'cursor' | 'limit'>): Promise<Page<AuditEvent>> {
  const rows = await database()
    .select()
    .from(auditLog)
    .where(olderThan(auditLog.at, auditLog.id, query.cursor))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.limit + 1);
  return toPage(rows, query.limit, (row) => ({ at: new Date(row.at), id: row.id }));
}

/** Every event, a page at a time, newest first (the CSV export). */
export const eachAudit = () => eachPage((cursor) => listAuditPage({ cursor, limit: 500 }));

/** Every event, newest first: for tests and small logs, never for the dashboard. */
export const listAudit = () => allPages(eachAudit());
