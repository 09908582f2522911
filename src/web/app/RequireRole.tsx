import { type ReactNode, useState } from 'react';
import { Navigate } from 'react-router-dom';
import type { Role } from '@/common/statuses';
import { useCurrentUser } from '@/web/features/auth/authSlice';
import { loginPathOf } from '@/web/features/auth/loginScreens';
import { useSessionFromOtherTabs } from '@/web/features/auth/useSessionFromOtherTabs';

interface RequireRoleProps {
  /** The role the area belongs to. */
  role: Role;
  /** Where a signed-in user of another role is sent. */
  otherwise: string;
  children: ReactNode;
}

/**
 * Guards an area: nobody signed in goes to the area's own sign-in screen, a user of another role
 * to `otherwise` (spec section 2.2). When another tab signs out or signs in as another role, this
 * tab leaves the area for the area's sign-in screen.
 */
export function RequireRole({ role, otherwise, children }: RequireRoleProps) {
  const user = useCurrentUser();
  const [leftForSignIn, setLeftForSignIn] = useState(false);
  useSessionFromOtherTabs((next) => {
    if (next?.role !== role) setLeftForSignIn(true);
  });
  if (leftForSignIn || !user) return <Navigate to={loginPathOf(role)} replace />;
  if (user.role !== role) return <Navigate to={otherwise} replace />;
  return children;
}
