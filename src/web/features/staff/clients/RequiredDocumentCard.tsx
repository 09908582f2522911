import { CalendarOutlined } from '@ant-design/icons';
import { Card, Flex, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { ClientWeek, RequiredDocument } from '@/web/api/generated';
import { weekRangeLabel } from '@/web/lib/weekRangeLabel';
import { UploadFacts } from './UploadFacts';
import { WeekNextStep } from './WeekNextStep';
import { WeekStatusTag } from './WeekStatusTag';

interface RequiredDocumentCardProps {
  document: RequiredDocument;
  /** The current week of the document, as the server counts weeks (UTC). */
  week: ClientWeek;
  clientId: string;
}

/**
 * The client's required document and where it stands this week, so a staff member sees at a glance
 * whether something is still to do. The upload itself happens on the Weekly Uploads screen, with
 * the other clients of the week.
 */
export function RequiredDocumentCard({ document, week, clientId }: RequiredDocumentCardProps) {
  return (
    <Card
      role="region"
      aria-label="Required document"
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {document.title}
        </Typography.Title>
      }
      extra={<Link to="/staff/weekly-uploads">Go to Weekly Uploads</Link>}
    >
      <Flex vertical gap="middle">
        <Flex justify="space-between" align="center" gap="small" wrap>
          <Typography.Text>
            <CalendarOutlined aria-hidden /> This week: <Typography.Text strong>{weekRangeLabel(week.weekStart, week.weekEnd)}</Typography.Text>
          </Typography.Text>
          <WeekStatusTag status={week.weekStatus} />
        </Flex>
        <WeekNextStep week={week} clientId={clientId} />
        {week.upload ? (
          <UploadFacts upload={week.upload} documentTitle={document.title} />
        ) : (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            Nothing has been uploaded for this week yet. Upload the document from Weekly Uploads.
          </Typography.Paragraph>
        )}
      </Flex>
    </Card>
  );
}
