import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Select, Table, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { WEEKLY_DOCUMENT_EXTENSIONS } from '@/common/uploadRules';
import { UploadProgressBar } from '@/web/components/uploads/UploadProgressBar';
import { useAssignedClients } from './useAssignedClients';
import { type WeekFile, useWeekUpload } from './useWeekUpload';

interface WeekUploadDialogProps {
  open: boolean;
  weekStart: string;
  onClose: () => void;
}

const STATE_TEXT: Record<WeekFile['state'], string> = {
  matched: 'Ready',
  sending: 'Uploading file...',
  queued: 'Queued for processing',
  failed: 'Not uploaded',
};

/**
 * "Upload the week": many files dropped at once, each matched to a client by what it holds, with the
 * suggestion, its confidence and its reasons; the client of any file can be changed. A .zip of the
 * files is unpacked in the browser, within the zip-bomb limits (see weekZip). Clients still
 * without a file are listed below. "Upload N files" sends them one after the other through the
 * usual upload; the week's table then shows each one's processing live.
 */
export function WeekUploadDialog({ open, weekStart, onClose }: WeekUploadDialogProps) {
  const week = useWeekUpload(weekStart);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const { clients } = useAssignedClients(open);
  const options = clients.map((c) => ({ value: c.id, label: c.name }));
  const withFile = new Set(week.files.map((f) => f.clientId).filter(Boolean));
  const withoutFile = clients.filter((c) => !withFile.has(c.id));
  const done = week.files.length > 0 && week.files.every((f) => f.state === 'queued' || f.state === 'failed');

  const close = () => {
    if (week.sending) return;
    week.reset();
    onClose();
  };

  const columns = [
    { title: 'File', key: 'file', render: (_: unknown, f: WeekFile) => <Typography.Text ellipsis={{ tooltip: f.file.name }}>{f.file.name}</Typography.Text> },
    {
      title: 'Client',
      key: 'client',
      width: 240,
      render: (_: unknown, f: WeekFile) => (
        <Select
          aria-label={`Client for ${f.file.name}`}
          style={{ width: '100%' }}
          showSearch
          optionFilterProp="label"
          placeholder="Choose a client"
          allowClear
          disabled={f.state !== 'matched'}
          value={f.clientId ?? undefined}
          options={options}
          onChange={(value?: string) => week.choose(f.key, value ?? null)}
        />
      ),
    },
    {
      title: 'Match',
      key: 'match',
      render: (_: unknown, f: WeekFile) =>
        f.match.refusal ? null : (
          <Flex vertical gap={2}>
            <Typography.Text>{f.match.clientId ? `${Math.round(f.match.confidence * 100)}% sure` : 'No client recognised'}</Typography.Text>
            {f.match.reasons.map((r) => (
              <Typography.Text key={r.signal} type="secondary" style={{ fontSize: 12 }}>
                {r.text}
              </Typography.Text>
            ))}
            {f.match.alreadyUploaded && f.clientId === f.match.clientId && <Tag color="warning">This client already has an upload this week</Tag>}
          </Flex>
        ),
    },
    {
      title: 'Progress',
      key: 'state',
      width: 240,
      render: (_: unknown, f: WeekFile) => (
        <Flex vertical gap={2} data-testid="week-file-state">
          <Typography.Text type={f.state === 'failed' ? 'danger' : undefined}>{STATE_TEXT[f.state]}</Typography.Text>
          {f.state === 'sending' && week.progress && <UploadProgressBar progress={week.progress} onCancel={week.cancel} />}
          {f.message && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {f.message}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
  ];

  const count = week.ready.length;
  return (
    <Modal
      open={open}
      title="Upload the week"
      width={960}
      onCancel={close}
      footer={[
        <Button key="close" onClick={close} disabled={week.sending}>
          {done ? 'Done' : 'Cancel'}
        </Button>,
        <Button key="upload" type="primary" disabled={count === 0} loading={week.sending} onClick={() => void week.uploadAll()}>
          {`Upload ${count} ${count === 1 ? 'file' : 'files'}`}
        </Button>,
      ]}
    >
      <div
        role="button"
        tabIndex={0}
        aria-label="Drop the week's files here, or choose them"
        onClick={() => input.current?.click()}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') input.current?.click();
        }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void week.add([...event.dataTransfer.files]);
        }}
        style={{ border: `1px dashed ${dragging ? '#1677ff' : '#d9d9d9'}`, borderRadius: 8, padding: 24, textAlign: 'center', cursor: 'pointer', marginBottom: 16 }}
      >
        <InboxOutlined aria-hidden style={{ fontSize: 32, color: '#1677ff' }} />
        <Typography.Paragraph style={{ margin: '8px 0 0' }}>
          {week.matching ? 'Reading the files...' : "Drop the week's files (or a .zip of them) here, or click to choose them"}
        </Typography.Paragraph>
        <Typography.Text type="secondary">Each file is matched to one of your clients by the employees and columns it holds.</Typography.Text>
        <input
          ref={input}
          type="file"
          aria-label="The week's files"
          accept={[...WEEKLY_DOCUMENT_EXTENSIONS, '.zip'].join(',')}
          multiple
          hidden
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])];
            event.target.value = '';
            void week.add(chosen);
          }}
        />
      </div>
      {week.zipRefusals.map((refusal) => (
        <Alert key={refusal} type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />
      ))}
      {week.matchError && <Alert type="error" showIcon title={week.matchError} style={{ marginBottom: 16 }} />}
      {week.files.length > 0 && <Table rowKey="key" size="small" pagination={false} columns={columns} dataSource={week.files} aria-label="Files of the week" />}
      {week.files.length > 0 && withoutFile.length > 0 && (
        <div style={{ marginTop: 16 }}>
          <Typography.Text strong>{`Clients without a file this week (${withoutFile.length})`}</Typography.Text>
          <Typography.Paragraph type="secondary" data-testid="clients-without-file">
            {withoutFile.map((c) => c.name).join(', ')}
          </Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
}
