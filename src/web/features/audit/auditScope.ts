import { skipToken } from '@reduxjs/toolkit/query';
import type { AuditEntry, AuditLogOptions, PagePagination } from '@/web/api/generated';
import { useGetAuditLogOptionsQuery, useGetCompanyAuditLogOptionsQuery, useListAuditLogQuery, useListCompanyAuditLogQuery } from '@/web/api/generated';
import { apiBase } from '@/web/lib/apiBase';

/** Whose log a screen shows: the operators' (every company, or one) or the admin's own company's. */
export type AuditScope = 'system' | 'company';

/** The filters of the audit screen, as its address holds them ('' for none). */
// A type, not an interface: the address's list parameters need an index signature.
export type AuditFilterValues = {
  companyId: string;
  actor: string;
  action: string;
  entityType: string;
  dateFrom: string;
  dateTo: string;
};

export const NO_AUDIT_FILTERS: AuditFilterValues = { companyId: '', actor: '', action: '', entityType: '', dateFrom: '', dateTo: '' };

/** The filters a request carries: those set, and the company only for operators (an admin's comes from the session). */
export function auditQuery(scope: AuditScope, filters: AuditFilterValues): Partial<AuditFilterValues> {
  const { companyId, ...rest } = filters;
  const set = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== ''));
  return scope === 'system' && companyId ? { ...set, companyId } : set;
}

/** The address of the CSV export of the filtered log. */
export function auditExportUrl(scope: AuditScope, filters: AuditFilterValues): string {
  const query = new URLSearchParams(auditQuery(scope, filters) as Record<string, string>).toString();
  return `${apiBase}/${scope}/audit/export${query ? `?${query}` : ''}`;
}

interface AuditPageResult {
  entries: AuditEntry[];
  pagination: PagePagination | undefined;
  error: unknown;
  /** Asks for the page again (after a failed read). */
  refetch: () => void;
  isLoading: boolean;
  isFetching: boolean;
}

/** A page of the scope's log. Both hooks are called (hooks may not be chosen at run time); the other one is skipped. */
export function useAuditPage(scope: AuditScope, page: number, filters: AuditFilterValues): AuditPageResult {
  const args = { page, ...auditQuery(scope, filters) };
  const system = useListAuditLogQuery(scope === 'system' ? args : skipToken);
  const company = useListCompanyAuditLogQuery(scope === 'company' ? args : skipToken);
  const result = scope === 'system' ? system : company;
  return {
    entries: result.data?.data.entries ?? [],
    pagination: result.data?.data.pagination,
    error: result.error,
    refetch: result.refetch,
    isLoading: result.isLoading,
    isFetching: result.isFetching,
  };
}

/** The people and actions that occur in the scope's log (an operator's narrowed to the company chosen). */
export function useAuditOptions(scope: AuditScope, companyId: string): AuditLogOptions {
  const system = useGetAuditLogOptionsQuery(scope === 'system' ? (companyId ? { companyId } : {}) : skipToken);
  const company = useGetCompanyAuditLogOptionsQuery(scope === 'company' ? undefined : skipToken);
  const data = scope === 'system' ? system.data : company.data;
  return data?.data ?? { people: [], actions: [] };
}
