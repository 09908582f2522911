import { Navigate, type RouteObject } from 'react-router-dom';
import { AdminDashboardPage } from '@/web/features/admin/dashboard/AdminDashboardPage';
import { ClientManagementPage } from '@/web/features/admin/clients/ClientManagementPage';
import { CompanyFileUploadsPage } from '@/web/features/admin/file-uploads/CompanyFileUploadsPage';
import { StaffManagementPage } from '@/web/features/admin/staff/StaffManagementPage';
import { WeeklyUploadsReviewPage } from '@/web/features/admin/weekly-uploads/WeeklyUploadsReviewPage';
import { AdminLoginPage, StaffLoginPage, SystemLoginPage } from '@/web/features/auth/LoginPages';
import { LoginTypeChooser } from '@/web/features/auth/LoginTypeChooser';
import { AssignedClientsPage } from '@/web/features/staff/clients/AssignedClientsPage';
import { ClientDetailsPage } from '@/web/features/staff/clients/ClientDetailsPage';
import { ClientDocumentsPage } from '@/web/features/staff/clients/ClientDocumentsPage';
import { StaffDashboardPage } from '@/web/features/staff/dashboard/StaffDashboardPage';
import { StaffFileUploadsPage } from '@/web/features/staff/file-uploads/StaffFileUploadsPage';
import { StaffWeeklyUploadsPage } from '@/web/features/staff/weekly-uploads/StaffWeeklyUploadsPage';
import { CompaniesPage } from '@/web/features/system/companies/CompaniesPage';
import { CompanyDetailPage } from '@/web/features/system/companies/CompanyDetailPage';
import { ConsolidatedFilesPage } from '@/web/features/system/files/ConsolidatedFilesPage';
import { TicketDetailPage } from '@/web/features/tickets/TicketDetailPage';
import { TicketsPage } from '@/web/features/tickets/TicketsPage';
import { AreaShell } from './AreaShell';
import { ADMIN_NAVIGATION, STAFF_NAVIGATION, SYSTEM_NAVIGATION } from './navigation';
import { RequireRole } from './RequireRole';

/** The route table of spec section 2.1. */
export const appRoutes: RouteObject[] = [
  { path: '/', element: <LoginTypeChooser /> },
  { path: '/auth/system', element: <SystemLoginPage /> },
  { path: '/auth/admin', element: <AdminLoginPage /> },
  { path: '/auth/staff', element: <StaffLoginPage /> },
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
      { path: 'tickets', element: <TicketsPage title="All Tickets" /> },
      { path: 'tickets/:id', element: <TicketDetailPage backTo="/system/tickets" backLabel="Back to Tickets" /> },
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
      { path: 'tickets', element: <TicketsPage title="My Tickets" /> },
      { path: 'tickets/:id', element: <TicketDetailPage backTo="/admin/tickets" backLabel="Back to My Tickets" /> },
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
      { path: 'tickets', element: <TicketsPage title="My Tickets" subtitle="View and manage your support tickets" /> },
      { path: 'tickets/:id', element: <TicketDetailPage backTo="/staff/tickets" backLabel="Back to My Tickets" /> },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];
