import { UploadOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import type { ClientWeek } from '@/web/api/generated';

/**
 * What to do about a week whose newest upload was rejected or failed: upload it again, on Weekly
 * Uploads for that week and client (where uploads are made, with the other clients of the week).
 * Nothing for any other week.
 */
export function WeekNextStep({ week, clientId }: { week: Pick<ClientWeek, 'weekStart' | 'weekEnd' | 'weekStatus'>; clientId: string }) {
  if (week.weekStatus !== 'REJECTED' && week.weekStatus !== 'FAILED') return null;
  const query = new URLSearchParams({ weekStart: week.weekStart, weekEnd: week.weekEnd, clientId });
  return (
    <Link to={`/staff/weekly-uploads?${query.toString()}`}>
      <UploadOutlined aria-hidden /> {week.weekStatus === 'REJECTED' ? 'Reupload on Weekly Uploads' : 'Upload again on Weekly Uploads'}
    </Link>
  );
}
