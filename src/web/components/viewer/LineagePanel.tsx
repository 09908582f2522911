import { CloseOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Typography } from 'antd';
import type { ViewerLineage } from '@/web/api/generated';
import { errorMessage } from '@/web/lib/errorMessage';
import { type LineageQuery, useViewerLineage, type ViewerSource } from './viewerSource';

interface LineagePanelProps {
  source: ViewerSource;
  query: LineageQuery;
  onShowRaw: (lineage: ViewerLineage) => void;
  onClose: () => void;
}

/** What a blank original looks like, so it is not mistaken for a missing answer. */
function original(text: string | null) {
  return text === null || text === '' ? <Typography.Text type="secondary">(blank)</Typography.Text> : text;
}

/**
 * Where the selected cell came from: the source sheet and row, the raw header its column was read
 * from and the raw text before scrubbing, with the way to that cell in the raw file.
 */
export function LineagePanel({ source, query, onShowRaw, onClose }: LineagePanelProps) {
  const { currentData, error, isFetching } = useViewerLineage(source, query);
  const lineage = currentData?.data;
  return (
    <Card
      size="small"
      role="region"
      aria-label="Cell lineage"
      title={lineage ? `Where "${lineage.header}" came from` : 'Where this cell came from'}
      extra={<Button type="text" size="small" icon={<CloseOutlined aria-hidden />} aria-label="Close lineage" onClick={onClose} />}
    >
      {lineage ? (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'value', label: 'Value', children: original(lineage.value) },
              { key: 'sheet', label: 'Source Sheet', children: lineage.sourceSheet },
              { key: 'row', label: 'Source Row', children: lineage.sourceRow },
              { key: 'header', label: 'Original Header', children: lineage.originalHeader ?? 'No raw column' },
              { key: 'text', label: 'Original Text', children: original(lineage.originalText) },
            ]}
          />
          <Button type="primary" onClick={() => onShowRaw(lineage)}>
            Show in raw file
          </Button>
        </>
      ) : isFetching ? (
        <Typography.Text type="secondary">Tracing the cell...</Typography.Text>
      ) : error ? (
        <Alert type="error" showIcon title={errorMessage(error, 'Failed to trace the cell')} />
      ) : null}
    </Card>
  );
}
