import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useMemo, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@/common/limits';
import { useGetCompanyQuery, useListCompaniesQuery } from '@/web/api/generated';
import { useDebouncedValue } from '@/web/lib/useDebouncedValue';
import { isUuid } from '@/web/lib/routeId';

/** The most companies one answer lists; more are reached by typing part of a name. */
export const PICKER_LIMIT = 100;

export interface CompanyOption {
  value: string;
  label: string;
}

export interface CompanyOptions {
  /** The companies matching the typed text, with the selected company always among them. */
  options: CompanyOption[];
  loading: boolean;
  /** Feeds the typed text; the server is asked once typing pauses for 300 ms. */
  onSearch: (text: string) => void;
  /** The selected company's name, once known. */
  selectedLabel: string | undefined;
}

/**
 * Companies for a picker, searched on the server as the user types (a platform may have more
 * companies than one answer lists). The selected company keeps its name when a search no longer
 * lists it: the name seen when it was picked, else the company itself is read (a company chosen by
 * the address).
 */
export function useCompanyOptions(selectedId: string | undefined): CompanyOptions {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isFetching } = useListCompaniesQuery({ page: 1, limit: PICKER_LIMIT, ...(search ? { search } : {}) });
  const listed = useMemo(() => (data?.data.companies ?? []).map((company) => ({ value: company.id, label: company.name })), [data]);

  const [remembered, setRemembered] = useState<CompanyOption | null>(null);
  const listedSelected = listed.find((option) => option.value === selectedId);
  useEffect(() => {
    if (listedSelected && (remembered?.value !== listedSelected.value || remembered.label !== listedSelected.label)) setRemembered(listedSelected);
  }, [listedSelected, remembered]);

  const known = listedSelected ?? (remembered?.value === selectedId ? remembered : undefined);
  const needsLookup = selectedId !== undefined && known === undefined && isUuid(selectedId) && data !== undefined;
  const { data: lookedUp } = useGetCompanyQuery(needsLookup ? { id: selectedId } : skipToken);
  const lookedUpCompany = lookedUp && lookedUp.data.company.id === selectedId ? lookedUp.data.company : undefined;
  const selected = known ?? (lookedUpCompany ? { value: lookedUpCompany.id, label: lookedUpCompany.name } : undefined);

  const options = selected && !listedSelected ? [selected, ...listed] : listed;
  return { options, loading: isFetching, onSearch: setSearchText, selectedLabel: selected?.label };
}
