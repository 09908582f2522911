import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@/common/limits';
import { useGetClientQuery, useGetStaffClientQuery, useListClientsQuery, useListStaffClientsQuery } from '@/web/api/generated';
import { isUuid } from '@/web/lib/routeId';
import { useDebouncedValue } from '@/web/lib/useDebouncedValue';

/** The most clients one answer lists; more are reached by typing part of a name. */
export const CLIENT_PICKER_LIMIT = 100;

/** Whose clients: a staff member's assigned ones, or every client of an admin's company. */
export type ClientScope = 'staff' | 'company';

export interface ClientOption {
  value: string;
  label: string;
}

export interface ClientOptions {
  /** The active clients matching the typed text, with the selected client always among them. */
  options: ClientOption[];
  loading: boolean;
  /** Feeds the typed text; the server is asked once typing pauses for 300 ms. */
  onSearch: (text: string) => void;
  /** The picker opened: the clients are listed from then on (a screen that never opens it asks nothing). */
  onOpen: () => void;
  /** The selected client's name, once known. */
  selectedLabel: string | undefined;
  /** The selected client could not be read (not the caller's, or gone). */
  selectedMissing: boolean;
}

/**
 * The caller's clients for a picker, searched on the server as the user types (a company may have
 * more clients than one answer lists): a staff member's assigned clients, an admin's company's. Only
 * active clients are offered, as only they owe a weekly document. The selected client keeps its
 * name when a search no longer lists it: the name seen when it was picked, else the client itself
 * is read (a client named by a link's address). The list is asked for only once the picker opens.
 */
export function useClientOptions(scope: ClientScope, selectedId: string | undefined): ClientOptions {
  const [opened, setOpened] = useState(false);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const request = opened ? { page: 1, limit: CLIENT_PICKER_LIMIT, status: 'ACTIVE' as const, ...(search ? { search } : {}) } : skipToken;
  const staffList = useListStaffClientsQuery(scope === 'staff' ? request : skipToken);
  const companyList = useListClientsQuery(scope === 'company' ? request : skipToken);
  const list = scope === 'staff' ? staffList : companyList;
  const listed = useMemo(() => (list.data?.data.clients ?? []).map((client) => ({ value: client.id, label: client.name })), [list.data]);

  const [remembered, setRemembered] = useState<ClientOption | null>(null);
  const listedSelected = listed.find((option) => option.value === selectedId);
  useEffect(() => {
    if (listedSelected && (remembered?.value !== listedSelected.value || remembered.label !== listedSelected.label)) setRemembered(listedSelected);
  }, [listedSelected, remembered]);

  const known = listedSelected ?? (remembered?.value === selectedId ? remembered : undefined);
  const lookup = selectedId !== undefined && known === undefined && isUuid(selectedId) && !list.isFetching ? { id: selectedId } : skipToken;
  const staffOne = useGetStaffClientQuery(scope === 'staff' ? lookup : skipToken);
  const companyOne = useGetClientQuery(scope === 'company' ? lookup : skipToken);
  const one = scope === 'staff' ? staffOne : companyOne;
  const lookedUp = one.data && one.data.data.client.id === selectedId ? one.data.data.client : undefined;
  const selected = known ?? (lookedUp ? { value: lookedUp.id, label: lookedUp.name } : undefined);

  const options = selected && !listedSelected ? [selected, ...listed] : listed;
  const selectedMissing = selectedId !== undefined && selected === undefined && (!isUuid(selectedId) || (lookup !== skipToken && one.isError));
  const onOpen = useCallback(() => setOpened(true), []);
  return { options, loading: list.isFetching, onSearch: setSearchText, onOpen, selectedLabel: selected?.label, selectedMissing };
}
