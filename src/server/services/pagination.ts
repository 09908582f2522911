import type { components } from '../api-types';

/** The page-based pagination of tickets, companies, company admins and consolidated files, as the contract defines it. */
export type PagePagination = components['schemas']['PagePagination'];

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

/** A LIKE pattern matching the text anywhere, with its wildcard characters taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
