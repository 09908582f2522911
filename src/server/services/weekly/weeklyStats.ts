import type { components } from '../../api-types';
import type { Executor } from '../../db/client';
import { countWeeklyDocuments, type WeeklyDocumentsScope } from './weeklyDocuments';

export type AdminWeeklyStats = components['schemas']['AdminWeeklyStats'];
export type StaffWeeklyStats = components['schemas']['StaffWeeklyStats'];

/**
 * The admin dashboard's figures for a week (spec 2.9), over the rows of the admin's weekly uploads
 * review (every active client of the company), so each card counts what its filter lists. Awaiting
 * review, approved, rejected, failed, processing and missing are counted apart; a client's week is
 * completed only when it is approved.
 */
export async function adminWeeklyStats(db: Executor, scope: WeeklyDocumentsScope): Promise<AdminWeeklyStats> {
  const figures = await countWeeklyDocuments(db, scope);
  return {
    pendingReviews: figures.pending,
    rejectedUploads: figures.rejected,
    approvedUploads: figures.approved,
    failedUploads: figures.failed,
    processingUploads: figures.processing,
    remainingUploads: figures.remaining,
    completedUploads: figures.uploaded,
    clientsWithUploads: figures.clientsWithUploads,
    clientsCompleted: figures.clientsCompleted,
    totalClients: figures.clients,
  };
}

/**
 * The staff dashboard's figures for a week (spec 2.15), over the rows of the staff member's weekly
 * uploads (their active assigned clients). The completion is the share of those clients whose week
 * is approved (an upload rejected, failed or awaiting review is not complete), in percent to one
 * decimal; 0 when they have no clients.
 */
export async function staffWeeklyStats(db: Executor, scope: WeeklyDocumentsScope): Promise<StaffWeeklyStats> {
  const figures = await countWeeklyDocuments(db, scope);
  return {
    totalUploaded: figures.uploaded,
    uploadsPendingReview: figures.pending,
    approvedUploads: figures.approved,
    rejectedUploads: figures.rejected,
    failedUploads: figures.failed,
    processingUploads: figures.processing,
    remainingUploads: figures.remaining,
    clientsWithUploads: figures.clientsWithUploads,
    clientsCompleted: figures.clientsCompleted,
    totalAssignedClients: figures.clients,
    completionPercentage: figures.clients === 0 ? 0 : Math.round((figures.clientsCompleted / figures.clients) * 1000) / 10,
  };
}
