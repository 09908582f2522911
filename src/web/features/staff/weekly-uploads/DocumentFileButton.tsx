import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef } from 'react';
import { WEEKLY_DOCUMENT_ACCEPT } from '@/common/uploadRules';

interface DocumentFileButtonProps {
  label: string;
  /** Names the file input for assistive technology: which client's document it takes. */
  inputLabel: string;
  loading?: boolean;
  onFile: (file: File) => void;
}

/**
 * A button that opens the file picker for one weekly document: Excel extensions only, one file. The
 * input is emptied after each choice, so choosing the same file again (after a refusal, say) is
 * still a choice.
 */
export function DocumentFileButton({ label, inputLabel, loading = false, onFile }: DocumentFileButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button icon={<UploadOutlined aria-hidden />} loading={loading} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        aria-label={inputLabel}
        accept={WEEKLY_DOCUMENT_ACCEPT}
        multiple={false}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
