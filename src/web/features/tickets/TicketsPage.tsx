import { PageHeader } from '@/web/components/PageHeader';

interface TicketsPageProps {
  /** 'All Tickets' for the system operators, 'My Tickets' for a company's users. */
  title: string;
  subtitle?: string;
}

/** The ticket list of every role. */
export function TicketsPage({ title, subtitle }: TicketsPageProps) {
  return <PageHeader title={title} subtitle={subtitle} />;
}
