import { Select, Tag } from 'antd';
import type { ClientOptions } from './useClientOptions';

interface ClientPickerProps {
  picker: ClientOptions;
  /** The client the list is narrowed to; undefined shows every client. */
  value: string | undefined;
  /** A client chosen, or undefined when the choice is cleared. */
  onChange: (clientId: string | undefined) => void;
}

/** Picks the client a weekly list is narrowed to, searching the caller's clients on the server as the user types. */
export function ClientPicker({ picker, value, onChange }: ClientPickerProps) {
  return (
    <Select<string>
      id="weekly-uploads-client"
      aria-label="Client"
      placeholder="All clients"
      style={{ minWidth: 200 }}
      allowClear
      loading={picker.loading}
      showSearch={{ filterOption: false, onSearch: picker.onSearch }}
      notFoundContent={picker.loading ? 'Searching...' : 'No clients found'}
      options={picker.options}
      value={value}
      // Clearing answers undefined: every client again.
      onChange={(chosen) => onChange(chosen || undefined)}
      // The next opening starts from the whole list again, not from the last search.
      onOpenChange={(open) => {
        if (open) picker.onOpen();
        else picker.onSearch('');
      }}
    />
  );
}

/**
 * Says which client a list is narrowed to ("Client: Bakery"), so a list opened from a link does not
 * quietly show one client; closing it shows every client again.
 */
export function ClientChip({ picker, onClear }: { picker: ClientOptions; onClear: () => void }) {
  const name = picker.selectedLabel ?? (picker.selectedMissing ? 'Unknown client' : 'Loading...');
  return (
    <Tag
      color="geekblue"
      closable={{ 'aria-label': 'Show all clients' }}
      onClose={(event) => {
        event.preventDefault();
        onClear();
      }}
      style={{ marginInlineEnd: 0 }}
    >
      {`Client: ${name}`}
    </Tag>
  );
}
