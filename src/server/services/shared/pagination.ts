import type { components } from '../../api-types';

/** The page-based pagination of tickets, admin clients, companies, company admins and consolidated files, as the contract defines it. */
export type PagePagination = components['schemas']['PagePagination'];
/** The admin staff list's pagination (spec section 3 gives each area its own shape). */
export type AdminStaffPagination = components['schemas']['AdminStaffPagination'];
/** The pagination of staff's own lists: assigned clients, uploads, weekly documents. */
export type StaffPagination = components['schemas']['StaffPagination'];
/** The admin weekly uploads review's pagination. */
export type AdminWeeklyPagination = components['schemas']['AdminWeeklyPagination'];
/** The admin file uploads list's pagination. */
export type AdminUploadsPagination = components['schemas']['AdminUploadsPagination'];

export interface PageRequest {
  page: number;
  limit: number;
}

/** Reads page and limit (already bounded by the contract), falling back to page 1 and the given size. */
export function pageRequest(query: { page?: number; limit?: number }, defaultLimit: number): PageRequest {
  return { page: query.page ?? 1, limit: query.limit ?? defaultLimit };
}

export function offsetOf({ page, limit }: PageRequest): number {
  return (page - 1) * limit;
}

export function pagePagination({ page, limit }: PageRequest, total: number): PagePagination {
  const totalPages = Math.ceil(total / limit);
  return { page, limit, total, totalPages, hasPrevPage: page > 1, hasNextPage: page < totalPages };
}

export function adminStaffPagination({ page, limit }: PageRequest, totalCount: number): AdminStaffPagination {
  const totalPages = Math.ceil(totalCount / limit);
  return { page, totalPages, totalCount, hasPrev: page > 1, hasNext: page < totalPages };
}

export function staffPagination({ page, limit }: PageRequest, totalCount: number): StaffPagination {
  const totalPages = Math.ceil(totalCount / limit);
  return { currentPage: page, totalPages, totalCount, hasPreviousPage: page > 1, hasNextPage: page < totalPages };
}

export function adminWeeklyPagination({ page, limit }: PageRequest, totalCount: number): AdminWeeklyPagination {
  const totalPages = Math.ceil(totalCount / limit);
  return { page, limit, totalCount, totalPages, hasPrev: page > 1, hasNext: page < totalPages };
}

export function adminUploadsPagination({ page, limit }: PageRequest, totalCount: number): AdminUploadsPagination {
  const totalPages = Math.ceil(totalCount / limit);
  return { page, totalCount, totalPages, hasPrev: page > 1, hasNext: page < totalPages };
}

/** A LIKE pattern matching the text anywhere, with its wildcard characters taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
