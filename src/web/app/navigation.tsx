import {
  BankOutlined,
  CalendarOutlined,
  CloudUploadOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileDoneOutlined,
  HistoryOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { NavItem } from '@/web/components/ShellLayout';

/** The sidebar of each area (spec section 2.2). */
export const SYSTEM_NAVIGATION: NavItem[] = [
  { to: '/system/companies', label: 'Companies', icon: <BankOutlined /> },
  { to: '/system/consolidated-files', label: 'Consolidated Files', icon: <FileDoneOutlined /> },
  { to: '/system/tickets', label: 'Tickets', icon: <CustomerServiceOutlined /> },
  { to: '/system/audit', label: 'Audit Log', icon: <HistoryOutlined /> },
];

export const ADMIN_NAVIGATION: NavItem[] = [
  { to: '/admin', label: 'Dashboard', icon: <DashboardOutlined />, end: true },
  { to: '/admin/staff-management', label: 'Staff Management', icon: <TeamOutlined /> },
  { to: '/admin/client-management', label: 'Client Management', icon: <UserOutlined /> },
  { to: '/admin/weekly-uploads', label: 'Weekly Uploads', icon: <CalendarOutlined /> },
  { to: '/admin/file-uploads', label: 'File Uploads', icon: <CloudUploadOutlined /> },
  { to: '/admin/tickets', label: 'Tickets', icon: <CustomerServiceOutlined /> },
  { to: '/admin/audit', label: 'Audit Log', icon: <HistoryOutlined /> },
];

export const STAFF_NAVIGATION: NavItem[] = [
  { to: '/staff', label: 'Dashboard', icon: <DashboardOutlined />, end: true },
  { to: '/staff/clients', label: 'Clients', icon: <UserOutlined /> },
  { to: '/staff/weekly-uploads', label: 'Weekly Uploads', icon: <CalendarOutlined /> },
  { to: '/staff/file-uploads', label: 'File Uploads', icon: <CloudUploadOutlined /> },
  { to: '/staff/tickets', label: 'Tickets', icon: <CustomerServiceOutlined /> },
];
