import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { FileType } from '@/web/api/generated';
import type { SelectedWeek } from '@/web/components/WeekNavigator';
import { useBulkDownload } from './useBulkDownload';

const CHOICES: { type: FileType; label: string }[] = [
  { type: 'raw', label: 'Raw Files' },
  { type: 'consolidated', label: 'Consolidated Files' },
  { type: 'scrubbed', label: 'Scrubbed Files' },
];

/** 'Download All' (spec 2.12): the week's raw, consolidated or scrubbed files in one archive. */
export function BulkDownloadMenu(week: SelectedWeek) {
  const { download, running } = useBulkDownload(week);
  return (
    <Dropdown
      trigger={['click']}
      disabled={running}
      menu={{
        items: CHOICES.map(({ type, label }) => ({ key: type, label, icon: <DownloadOutlined aria-hidden /> })),
        onClick: ({ key }) => void download(key as FileType),
      }}
    >
      <Button type="primary" loading={running} disabled={running} icon={<DownOutlined aria-hidden />} iconPlacement="end">
        Download All
      </Button>
    </Dropdown>
  );
}
