import { BackLink } from '@/web/components/BackLink';
import { PageHeader } from '@/web/components/PageHeader';

interface TicketDetailPageProps {
  /** The list this ticket was opened from. */
  backTo: string;
  backLabel: string;
}

/** One ticket and its comments. */
export function TicketDetailPage({ backTo, backLabel }: TicketDetailPageProps) {
  return (
    <>
      <BackLink to={backTo}>{backLabel}</BackLink>
      <PageHeader title="Ticket Details" />
    </>
  );
}
