import { csvDate, toCsv, type CsvRow } from '../../platform/csv';
import type { AuditEvent } from './schema';

export const AUDIT_CSV_HEADER = ['Time', 'Actor', 'Actor Role', 'Action', 'Target', 'Detail'] as const;

/** The audit log's export (docs/roles.md): one row per event, newest first. */
export function auditRows(event: AuditEvent): CsvRow[] {
  return [[csvDate(event.at), event.actor, event.actorRole, event.action, event.target, event.detail]];
}

export function auditCsv(events: AuditEvent[]): string {
  return toCsv(AUDIT_CSV_HEADER, events.flatMap(auditRows));
}
