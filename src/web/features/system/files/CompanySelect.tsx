import { Select } from 'antd';
import type { CSSProperties } from 'react';
import type { CompanyOptions } from './useCompanyOptions';

interface CompanySelectProps {
  id: string;
  /** The accessible name, when no visible label names the select. */
  ariaLabel?: string;
  placeholder?: string;
  picker: CompanyOptions;
  value: string | undefined;
  onChange: (companyId: string) => void;
  /** A first option that stands for every company ('All Companies'), with the value ''. */
  allLabel?: string;
  style?: CSSProperties;
}

/** A company picker that searches on the server as the user types (see useCompanyOptions). */
export function CompanySelect({ id, ariaLabel, placeholder, picker, value, onChange, allLabel, style }: CompanySelectProps) {
  const options = allLabel ? [{ value: '', label: allLabel }, ...picker.options] : picker.options;
  return (
    <Select<string>
      id={id}
      aria-label={ariaLabel}
      placeholder={placeholder}
      style={style}
      loading={picker.loading}
      showSearch={{ filterOption: false, onSearch: picker.onSearch }}
      notFoundContent={picker.loading ? 'Searching...' : 'No companies found'}
      options={options}
      value={value}
      onChange={onChange}
      // The next opening starts from the whole list again, not from the last search.
      onOpenChange={(open) => {
        if (!open) picker.onSearch('');
      }}
    />
  );
}
