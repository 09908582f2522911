import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { type Client, generatedApi } from '@/web/api/generated';
import { CLIENT_PICKER_LIMIT } from '@/web/components/clients/useClientOptions';

const { endpoints } = generatedApi;

/**
 * Every active client assigned to the staff member, read page after page (one answer lists at most
 * 100): the week's dialog offers each of them and lists those still without a file, so a staff
 * member with more clients than one page must not lose the rest. Read while `enabled`, anew each time.
 */
export function useAssignedClients(enabled: boolean): { clients: Client[]; loading: boolean } {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const [clients, setClients] = useState<Client[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    setLoading(true);
    void (async () => {
      const found: Client[] = [];
      try {
        for (let page = 1; !stopped; page += 1) {
          const request = dispatch(endpoints.listStaffClients.initiate({ page, limit: CLIENT_PICKER_LIMIT, status: 'ACTIVE' }, { subscribe: false, forceRefetch: true }));
          const { data } = await request.unwrap();
          found.push(...data.clients);
          if (!stopped) setClients([...found]);
          if (!data.pagination.hasNextPage || data.clients.length === 0) break;
        }
      } catch {
        // The pages read so far stay offered; the dialog still works with them.
      } finally {
        if (!stopped) setLoading(false);
      }
    })();
    return () => {
      stopped = true;
    };
  }, [enabled, dispatch]);

  return { clients, loading };
}
