import { Alert, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The label while the action runs. */
  pendingLabel?: string;
  pending?: boolean;
  /** Why the last attempt failed; the dialog stays open to show it. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A question before a destructive action (delete, remove). */
export function ConfirmDialog({ open, title, children, confirmLabel, pendingLabel, pending = false, error, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onOk={onConfirm}
      onCancel={onCancel}
      okText={pending && pendingLabel ? pendingLabel : confirmLabel}
      okButtonProps={{ danger: true, loading: pending }}
      cancelButtonProps={{ disabled: pending }}
      destroyOnHidden
      mask={{ closable: !pending }}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Typography.Paragraph style={{ margin: 0 }}>{children}</Typography.Paragraph>
    </Modal>
  );
}
