import type { Role } from '@/common/statuses';

export interface LoginScreen {
  role: Role;
  path: string;
  subtitle: string;
  /** Where a successful sign-in goes. */
  home: string;
  /** The role's part of the app: a sign-in returns to a page under it that the person was sent away from. */
  area: string;
  /** The footer: a lead-in and the two other sign-in screens. */
  footerLead: string;
  otherLogins: { label: string; to: string }[];
}

const systemLink = { label: 'System Login', to: '/auth/system' };
const adminLink = { label: 'Admin Login', to: '/auth/admin' };
const staffLink = { label: 'Staff Login', to: '/auth/staff' };

/** The three sign-in screens of spec section 2.4. */
export const LOGIN_SCREENS: Record<Role, LoginScreen> = {
  SYSTEM: {
    role: 'SYSTEM',
    path: '/auth/system',
    subtitle: 'Login with your system credentials',
    home: '/system/companies',
    area: '/system',
    footerLead: 'Not a system user? Use',
    otherLogins: [adminLink, staffLink],
  },
  ADMIN: {
    role: 'ADMIN',
    path: '/auth/admin',
    subtitle: 'Login with your admin credentials',
    home: '/admin',
    area: '/admin',
    footerLead: 'Not an admin user? Use',
    otherLogins: [systemLink, staffLink],
  },
  STAFF: {
    role: 'STAFF',
    path: '/auth/staff',
    subtitle: 'Login with your staff credentials',
    home: '/staff',
    area: '/staff',
    footerLead: 'Not a staff user? Use',
    otherLogins: [systemLink, adminLink],
  },
};

/** The sign-in screen of a role: where a user of that role goes when the session ends. */
export function loginPathOf(role: Role): string {
  return LOGIN_SCREENS[role].path;
}
