import type { Ticket } from '@/web/api/generated';

/** Which fields a search looks at: everyone searches title and description; operators also the creator. */
export type TicketSearchField = 'title' | 'description' | 'created_by_name';

/** The tickets of the current page whose fields contain the text, ignoring case. */
export function searchTickets(tickets: Ticket[], text: string, fields: readonly TicketSearchField[]): Ticket[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return tickets;
  return tickets.filter((ticket) => fields.some((field) => (ticket[field] ?? '').toLowerCase().includes(needle)));
}
