import { Select, Spin } from 'antd';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@/common/limits';
import { useListCompanyStaffQuery } from '@/web/api/generated';
import { useDebouncedValue } from '@/web/lib/useDebouncedValue';

/** Staff members one search offers: enough to pick from, few enough to scan; typing narrows them. */
const STAFF_PICKER_LIMIT = 20;

interface StaffSelectProps {
  id: string;
  /** The chosen staff member's id; '' or undefined when none is chosen. */
  value: string | undefined;
  onChange: (staffId: string) => void;
  onBlur?: () => void;
  /**
   * The chosen member's name when the options may not hold it (restored from the address, or the
   * staff member of a client being edited who is not among the first matches).
   */
  chosenName?: string | null;
  /** A first option that stands for no member ('All Staff' in a filter). */
  noneOption?: { value: string; label: string };
  placeholder?: string;
  ariaLabel?: string;
  status?: 'error';
  style?: CSSProperties;
}

/**
 * Picks one of the company's staff members. A company may have many, so the options come from the
 * server (`GET /company/staff?search=`, 300 ms after typing stops) instead of being filtered here.
 */
export function StaffSelect({ id, value, onChange, onBlur, chosenName, noneOption, placeholder, ariaLabel, status, style }: StaffSelectProps) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isFetching } = useListCompanyStaffQuery({ page: 1, limit: STAFF_PICKER_LIMIT, ...(search ? { search } : {}) });
  const staff = data?.data.staff;

  // Names of every member the options have shown, so a choice keeps its name once a new search
  // (or the end of one) no longer lists it.
  const namesSeen = useRef(new Map<string, string>());
  useEffect(() => {
    for (const member of staff ?? []) namesSeen.current.set(member.id, member.name);
  }, [staff]);

  const options = [
    ...(noneOption && !searchText ? [noneOption] : []),
    ...(staff ?? []).map((member) => ({ value: member.id, label: member.name })),
  ];

  return (
    <Select<string>
      id={id}
      aria-label={ariaLabel}
      value={value || (noneOption ? noneOption.value : undefined)}
      placeholder={placeholder}
      status={status}
      style={style}
      options={options}
      loading={isFetching}
      showSearch={{ onSearch: setSearchText, filterOption: false, searchValue: searchText }}
      labelRender={({ label, value: chosen }) => label ?? namesSeen.current.get(String(chosen)) ?? chosenName ?? chosen}
      notFoundContent={isFetching ? <Spin size="small" /> : 'No staff members found'}
      onChange={(staffId) => {
        setSearchText('');
        onChange(staffId);
      }}
      onOpenChange={(open) => {
        if (!open) setSearchText('');
      }}
      onBlur={onBlur}
    />
  );
}
