import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { Role } from '@/common/statuses';
import { useCurrentUser } from '@/web/features/auth/authSlice';
import { loginPathOf } from '@/web/features/auth/loginScreens';

interface RequireRoleProps {
  /** The role the area belongs to. */
  role: Role;
  /** Where a signed-in user of another role is sent. */
  otherwise: string;
  children: ReactNode;
}

/**
 * Guards an area: nobody signed in goes to the area's own sign-in screen, a user of another role
 * to `otherwise` (spec section 2.2).
 */
export function RequireRole({ role, otherwise, children }: RequireRoleProps) {
  const user = useCurrentUser();
  if (!user) return <Navigate to={loginPathOf(role)} replace />;
  if (user.role !== role) return <Navigate to={otherwise} replace />;
  return children;
}
