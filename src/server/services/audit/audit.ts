import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  actor: { id: string; role: string } | null;
  companyId: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  details?: Record<string, unknown>;
  ip?: string;
}

/** Writes one audit row; call it with the transaction that makes the change. */
export async function recordAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await auditInsert(executor, entry);
}

/** The insert of one audit row, to run as it is or inside a larger statement with the change it records. */
export function auditInsert(executor: Executor, entry: AuditEntry) {
  return executor.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorRole: entry.actor?.role ?? null,
    companyId: entry.companyId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    details: entry.details ?? null,
    ip: entry.ip ?? null,
  });
}
