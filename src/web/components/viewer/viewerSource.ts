import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import type { FileType, ViewerRows } from '@/web/api/generated';
import { generatedApi } from '@/web/api/generated';

/**
 * Whose viewer endpoints a viewer reads: an upload seen by its company's admin or by the staff member
 * of its client, or an operator's consolidated file. The three answer the same shapes.
 */
export type ViewerSource = { area: 'company' | 'staff'; uploadId: string } | { area: 'system'; fileId: string };

export type ViewerFilter = 'all' | 'errors' | 'warnings';

/** Which window of which sheet to read. */
export interface RowsQuery {
  version: FileType;
  sheet: number;
  offset: number;
  limit: number;
  filter: ViewerFilter;
}

/** Which cell's origin to read. */
export interface LineageQuery {
  version: 'consolidated' | 'scrubbed';
  sheet: number;
  row: number;
  column: number;
}

/** How often the overview asks again while the worker is still preparing it. */
export const PREPARING_POLL_MS = 3000;

const endpoints = generatedApi.endpoints;

/** The overview of the source; polled while it is being prepared. */
export function useViewerOverview(source: ViewerSource, pollingInterval: number) {
  const uploadId = source.area === 'system' ? '' : source.uploadId;
  const fileId = source.area === 'system' ? source.fileId : '';
  const options = { pollingInterval, refetchOnMountOrArgChange: true } as const;
  const company = endpoints.getCompanyUploadViewer.useQuery({ uploadId }, { ...options, skip: source.area !== 'company' });
  const staff = endpoints.getStaffUploadViewer.useQuery({ uploadId }, { ...options, skip: source.area !== 'staff' });
  const system = endpoints.getConsolidatedFileViewer.useQuery({ id: fileId }, { ...options, skip: source.area !== 'system' });
  return source.area === 'company' ? company : source.area === 'staff' ? staff : system;
}

/**
 * A function that reads one window of rows of the source. Each call is its own request, kept by the
 * caller rather than in the API cache (and not as the state of a hook, which would re-render the
 * grid for every window on its way).
 */
export function useRowsReader(source: ViewerSource): (query: RowsQuery) => Promise<ViewerRows> {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const id = source.area === 'system' ? source.fileId : source.uploadId;
  const { area } = source;
  return useCallback(
    async (query: RowsQuery) => {
      const once = { subscribe: false, forceRefetch: true } as const;
      const answer =
        area === 'company'
          ? await dispatch(endpoints.getCompanyUploadViewerRows.initiate({ uploadId: id, ...query }, once)).unwrap()
          : area === 'staff'
            ? await dispatch(endpoints.getStaffUploadViewerRows.initiate({ uploadId: id, ...query }, once)).unwrap()
            : await dispatch(endpoints.getConsolidatedFileViewerRows.initiate({ id, ...query }, once)).unwrap();
      return answer.data;
    },
    [area, id, dispatch],
  );
}

/** Whether cells of the source can be traced back to the raw file (uploads can; a consolidated file has no raw). */
export function tracesLineage(source: ViewerSource): boolean {
  return source.area !== 'system';
}

/** The origin of one cell, or nothing while `query` is null. */
export function useViewerLineage(source: ViewerSource, query: LineageQuery | null) {
  const uploadId = source.area === 'system' ? '' : source.uploadId;
  const arg = { uploadId, ...(query ?? { version: 'scrubbed' as const, sheet: 0, row: 0, column: 0 }) };
  const company = endpoints.getCompanyUploadViewerLineage.useQuery(arg, { skip: query === null || source.area !== 'company' });
  const staff = endpoints.getStaffUploadViewerLineage.useQuery(arg, { skip: query === null || source.area !== 'staff' });
  return source.area === 'company' ? company : staff;
}
