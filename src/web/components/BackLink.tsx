import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The 'Back to ...' link above a detail screen. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, marginBottom: 16 }}>
      <ArrowLeftOutlined aria-hidden />
      {children}
    </Link>
  );
}
