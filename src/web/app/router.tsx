import { type ComponentType, lazy, Suspense, useState } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { AdminLoginPage, StaffLoginPage, SystemLoginPage } from '@/web/features/auth/LoginPages';
import { LoginTypeChooser } from '@/web/features/auth/LoginTypeChooser';
import { RequireRole } from './RequireRole';

/**
 * A screen loaded when first shown, so each area's code downloads only for its users. `preload`
 * fetches it ahead; a screen already fetched shows at once, without suspending (a suspended screen
 * is revealed only after React's fallback delay).
 */
function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const preload = async () => (loaded ??= await load());
  const LazyScreen = lazy(async () => ({ default: await preload() })) as unknown as ComponentType<P>;
  function Screen(props: P) {
    // Chosen once per mount: swapping the component later would remount the screen and lose its state.
    const [Component] = useState(() => loaded ?? LazyScreen);
    return <Component {...props} />;
  }
  return Object.assign(Screen, { preload });
}

/** What every signed-in area's frame is made of: the shell, its navigation and the toasts' context. */
const loadAreaFrame = () => Promise.all([import('./AreaShell'), import('./navigation'), import('./FeedbackProvider')]);

/**
 * An area's frame (sidebar, header, live notices, the toasts' context) with its navigation, loaded
 * once someone signs in: the login screens need none of it.
 */
function lazyAreaShell(areaLabel: string, navigation: 'SYSTEM_NAVIGATION' | 'ADMIN_NAVIGATION' | 'STAFF_NAVIGATION') {
  return lazyScreen(() =>
    loadAreaFrame().then(([{ AreaShell }, navigationItems, { FeedbackProvider }]) => {
      const navItems = navigationItems[navigation];
      return function AreaFrame() {
        return (
          <FeedbackProvider>
            <AreaShell areaLabel={areaLabel} navItems={navItems} />
          </FeedbackProvider>
        );
      };
    }),
  );
}

const SystemShell = lazyAreaShell('System', 'SYSTEM_NAVIGATION');
const AdminShell = lazyAreaShell('Admin', 'ADMIN_NAVIGATION');
const StaffShell = lazyAreaShell('Staff', 'STAFF_NAVIGATION');

/** Starts downloading an area's frame and home screen, so that they are there when sign-in has finished. */
function preloadArea(...screens: { preload: () => Promise<unknown> }[]) {
  return () => void Promise.all(screens.map((screen) => screen.preload())).catch(() => undefined);
}

const NotFoundPage = lazyScreen(() => import('@/web/components/NotFoundPage').then((m) => m.NotFoundPage));
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
const AuditLogPage = lazyScreen(() => import('@/web/features/audit/AuditLogPage').then((m) => m.AuditLogPage));

/** The route table of spec section 2.1; each area ends with its own not-found page. */
export const appRoutes: RouteObject[] = [
  { path: '/', element: <LoginTypeChooser /> },
  // The login screens come with the first download: a lazy one would wait for a second round trip.
  { path: '/auth/system', element: <SystemLoginPage preloadArea={preloadArea(SystemShell, CompaniesPage)} /> },
  { path: '/auth/admin', element: <AdminLoginPage preloadArea={preloadArea(AdminShell, AdminDashboardPage)} /> },
  { path: '/auth/staff', element: <StaffLoginPage preloadArea={preloadArea(StaffShell, StaffDashboardPage)} /> },
  {
    path: '/system',
    element: (
      <RequireRole role="SYSTEM" otherwise="/auth/admin">
        <Suspense fallback={null}>
          <SystemShell />
        </Suspense>
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
      { path: 'audit', element: <AuditLogPage scope="system" /> },
      { path: '*', element: <NotFoundPage home="/system/companies" homeLabel="Go to Companies" /> },
    ],
  },
  {
    path: '/admin',
    element: (
      <RequireRole role="ADMIN" otherwise="/auth/staff">
        <Suspense fallback={null}>
          <AdminShell />
        </Suspense>
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
      { path: 'audit', element: <AuditLogPage scope="company" /> },
      { path: '*', element: <NotFoundPage home="/admin" homeLabel="Go to Dashboard" /> },
    ],
  },
  {
    path: '/staff',
    element: (
      <RequireRole role="STAFF" otherwise="/auth/admin">
        <Suspense fallback={null}>
          <StaffShell />
        </Suspense>
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
