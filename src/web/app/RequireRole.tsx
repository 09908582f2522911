import { type ReactNode, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { Role } from '@/common/statuses';
import { useCurrentUser } from '@/web/features/auth/authSlice';
import { loginPathOf } from '@/web/features/auth/loginScreens';
import { useSessionFromOtherTabs } from '@/web/features/auth/useSessionFromOtherTabs';
import { returnState } from '@/web/lib/returnTo';

interface RequireRoleProps {
  /** The role the area belongs to. */
  role: Role;
  /** Where a signed-in user of another role is sent. */
  otherwise: string;
  children: ReactNode;
}

/**
 * Guards an area: nobody signed in goes to the area's own sign-in screen, a user of another role
 * to `otherwise` (spec section 2.2); signing in brings them back to the page they were on. When another tab signs out or signs in as another role, this
 * tab leaves the area for the area's sign-in screen.
 */
export function RequireRole({ role, otherwise, children }: RequireRoleProps) {
  const user = useCurrentUser();
  const location = useLocation();
  const [leftForSignIn, setLeftForSignIn] = useState(false);
  useSessionFromOtherTabs((next) => {
    if (next?.role !== role) setLeftForSignIn(true);
  });
  if (leftForSignIn) return <Navigate to={loginPathOf(role)} replace />;
  // The sign-in screen returns here, search included, once the person has signed in again.
  if (!user) return <Navigate to={loginPathOf(role)} replace state={returnState(location)} />;
  if (user.role !== role) return <Navigate to={otherwise} replace />;
  return children;
}
