import type { components } from '../api-types';
import type { Executor } from '../db/client';
import { countWeeklyDocuments, type WeeklyDocumentsScope } from './weeklyDocuments';

export type AdminWeeklyStats = components['schemas']['AdminWeeklyStats'];
export type StaffWeeklyStats = components['schemas']['StaffWeeklyStats'];

/**
 * The admin dashboard's figures for a week (spec 2.9), over the rows of the admin's weekly uploads
 * review (every active client of the company), so each card counts what its filter lists.
 */
export async function adminWeeklyStats(db: Executor, scope: WeeklyDocumentsScope): Promise<AdminWeeklyStats> {
  const figures = await countWeeklyDocuments(db, scope);
  return {
    pendingReviews: figures.pending,
    rejectedUploads: figures.rejected,
    approvedUploads: figures.approved,
    remainingUploads: figures.remaining,
    completedUploads: figures.uploaded,
    clientsWithUploads: figures.clientsWithUploads,
    totalClients: figures.clients,
  };
}

/**
 * The staff dashboard's figures for a week (spec 2.15), over the rows of the staff member's weekly
 * uploads (their active assigned clients). The completion is the share of those clients with any
 * upload that week, in percent to one decimal; 0 when they have no clients.
 */
export async function staffWeeklyStats(db: Executor, scope: WeeklyDocumentsScope): Promise<StaffWeeklyStats> {
  const figures = await countWeeklyDocuments(db, scope);
  return {
    totalUploaded: figures.uploaded,
    uploadsPendingReview: figures.pending,
    approvedUploads: figures.approved,
    rejectedUploads: figures.rejected,
    clientsWithUploads: figures.clientsWithUploads,
    totalAssignedClients: figures.clients,
    completionPercentage: figures.clients === 0 ? 0 : Math.round((figures.clientsWithUploads / figures.clients) * 1000) / 10,
  };
}
