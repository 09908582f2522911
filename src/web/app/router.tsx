import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { NotFoundPage } from '@/web/components/NotFoundPage';
import { LoginTypeChooser } from '@/web/features/auth/LoginTypeChooser';
import { AreaShell } from './AreaShell';
import { ADMIN_NAVIGATION, STAFF_NAVIGATION, SYSTEM_NAVIGATION } from './navigation';
import { RequireRole } from './RequireRole';

/** A screen loaded when first shown, so each area's code downloads only for its users. */
function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

const SystemLoginPage = lazyScreen(() => import('@/web/features/auth/LoginPages').then((m) => m.SystemLoginPage));
const AdminLoginPage = lazyScreen(() => import('@/web/features/auth/LoginPages').then((m) => m.AdminLoginPage));
const StaffLoginPage = lazyScreen(() => import('@/web/features/auth/LoginPages').then((m) => m.StaffLoginPage));
const CompaniesPage = lazyScreen(() => import('@/web/features/system/companies/CompaniesPage').then((m) => m.CompaniesPage));
const CompanyDetailPage = lazyScreen(() => import('@/web/features/system/companies/CompanyDetailPage').then((m) => m.CompanyDetailPage));
const ConsolidatedFilesPage = lazyScreen(() => import('@/web/features/system/files/ConsolidatedFilesPage').then((m) => m.ConsolidatedFilesPage));
const AdminDashboardPage = lazyScreen(() => import('@/web/features/admin/dashboard/AdminDashboardPage').then((m) => m.AdminDashboardPage));
const StaffManagementPage = lazyScreen(() => import('@/web/features/admin/staff/StaffManagementPage').then((m) => m.StaffManagementPage));
const ClientManagementPage = lazyScreen(() => import('@/web/features/admin/clients/ClientManagementPage').then((m) => m.ClientManagementPage));
const CompanyFileUploadsPage = lazyScreen(() => import('@/web/features/admin/file-uploads/CompanyFileUploadsPage').then((m) => m.CompanyFileUploadsPage));
const WeeklyUploadsReviewPage = lazyScreen(() => import('@/web/features/admin/weekly-uploads/WeeklyUploadsReviewPage').then((m) => m.WeeklyUploadsReviewPage));
const StaffDashboardPage = lazyScreen(() => import('@/web/features/staff/dashboard/StaffDashboardPage').then((m) => m.StaffDashboardPage));
const AssignedClientsPage = lazyScreen(() => import('@/web/features/staff/clients/AssignedClientsPage').then((m) => m.AssignedClientsPage));
const ClientDetailsPage = lazyScreen(() => import('@/web/features/staff/clients/ClientDetailsPage').then((m) => m.ClientDetailsPage));
const ClientDocumentsPage = lazyScreen(() => import('@/web/features/staff/clients/ClientDocumentsPage').then((m) => m.ClientDocumentsPage));
const StaffWeeklyUploadsPage = lazyScreen(() => import('@/web/features/staff/weekly-uploads/StaffWeeklyUploadsPage').then((m) => m.StaffWeeklyUploadsPage));
const StaffFileUploadsPage = lazyScreen(() => import('@/web/features/staff/file-uploads/StaffFileUploadsPage').then((m) => m.StaffFileUploadsPage));
const TicketsPage = lazyScreen(() => import('@/web/features/tickets/TicketsPage').then((m) => m.TicketsPage));
const TicketDetailPage = lazyScreen(() => import('@/web/features/tickets/TicketDetailPage').then((m) => m.TicketDetailPage));

/** The route table of spec section 2.1; each area ends with its own not-found page. */
export const appRoutes: RouteObject[] = [
  { path: '/', element: <LoginTypeChooser /> },
  { path: '/auth/system', element: <Suspense fallback={null}><SystemLoginPage /></Suspense> },
  { path: '/auth/admin', element: <Suspense fallback={null}><AdminLoginPage /></Suspense> },
  { path: '/auth/staff', element: <Suspense fallback={null}><StaffLoginPage /></Suspense> },
  {
    path: '/system',
    element: (
      <RequireRole role="SYSTEM" otherwise="/auth/admin">
        <AreaShell areaLabel="System" navItems={SYSTEM_NAVIGATION} />
      </RequireRole>
    ),
    children: [
      { index: true, element: <Navigate to="/system/companies" replace /> },
      { path: 'companies', element: <CompaniesPage /> },
      { path: 'companies/:id', element: <CompanyDetailPage /> },
      { path: 'consolidated-files', element: <ConsolidatedFilesPage /> },
      {
        path: 'tickets',
        element: <TicketsPage scope="all" title="All Tickets" subtitle="View and manage support tickets from all companies" detailBase="/system/tickets" />,
      },
      { path: 'tickets/:id', element: <TicketDetailPage backTo="/system/tickets" backLabel="Back to Tickets" canManage /> },
      { path: '*', element: <NotFoundPage home="/system/companies" homeLabel="Go to Companies" /> },
    ],
  },
  {
    path: '/admin',
    element: (
      <RequireRole role="ADMIN" otherwise="/auth/staff">
        <AreaShell areaLabel="Admin" navItems={ADMIN_NAVIGATION} />
      </RequireRole>
    ),
    children: [
      { index: true, element: <AdminDashboardPage /> },
      { path: 'staff-management', element: <StaffManagementPage /> },
      { path: 'client-management', element: <ClientManagementPage /> },
      { path: 'file-uploads', element: <CompanyFileUploadsPage /> },
      { path: 'weekly-uploads', element: <WeeklyUploadsReviewPage /> },
      {
        path: 'tickets',
        element: <TicketsPage scope="mine" title="My Tickets" subtitle="View and manage your support tickets" detailBase="/admin/tickets" />,
      },
      { path: 'tickets/:id', element: <TicketDetailPage backTo="/admin/tickets" backLabel="Back to My Tickets" /> },
      { path: '*', element: <NotFoundPage home="/admin" homeLabel="Go to Dashboard" /> },
    ],
  },
  {
    path: '/staff',
    element: (
      <RequireRole role="STAFF" otherwise="/auth/admin">
        <AreaShell areaLabel="Staff" navItems={STAFF_NAVIGATION} />
      </RequireRole>
    ),
    children: [
      { index: true, element: <StaffDashboardPage /> },
      { path: 'clients', element: <AssignedClientsPage /> },
      { path: 'clients/:clientId', element: <ClientDetailsPage /> },
      { path: 'clients/:clientId/documents', element: <ClientDocumentsPage /> },
      { path: 'weekly-uploads', element: <StaffWeeklyUploadsPage /> },
      { path: 'file-uploads', element: <StaffFileUploadsPage /> },
      {
        path: 'tickets',
        element: <TicketsPage scope="mine" title="My Tickets" subtitle="View and manage your support tickets" detailBase="/staff/tickets" />,
      },
      { path: 'tickets/:id', element: <TicketDetailPage backTo="/staff/tickets" backLabel="Back to My Tickets" /> },
      { path: '*', element: <NotFoundPage home="/staff" homeLabel="Go to Dashboard" /> },
    ],
  },
  // Addresses outside every area go to the chooser; a mistyped address inside an area stays in it.
  { path: '*', element: <Navigate to="/" replace /> },
];
