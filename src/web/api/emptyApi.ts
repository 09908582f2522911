import { createApi } from '@reduxjs/toolkit/query/react';
import { CACHE_UNUSED_SECONDS } from '@/common/limits';
import { baseQueryWithReauth } from './baseQuery';

/**
 * The one API slice. Its endpoints are injected by `generated.ts` (from openapi/openapi.yaml);
 * `endpoints.ts` adds tags and cache lifetimes.
 */
export const emptyApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  keepUnusedDataFor: CACHE_UNUSED_SECONDS,
  refetchOnReconnect: true,
  endpoints: () => ({}),
});
