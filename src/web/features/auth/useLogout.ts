import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { api } from '@/web/api/endpoints';
import { useLogoutMutation } from '@/web/api/generated';
import { signedOut, useCurrentUser } from './authSlice';
import { loginPathOf } from './loginScreens';

/** Ends the session: tells the server, forgets the user and the cached data, shows the role's sign-in. */
export function useLogout(): { logout: () => Promise<void>; loggingOut: boolean } {
  const [callLogout, { isLoading }] = useLogoutMutation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const user = useCurrentUser();

  const logout = useCallback(async () => {
    try {
      await callLogout().unwrap();
    } catch {
      // The local session ends even when the server cannot be told.
    }
    navigate(user ? loginPathOf(user.role) : '/', { replace: true });
    dispatch(signedOut());
    dispatch(api.util.resetApiState());
  }, [callLogout, dispatch, navigate, user]);

  return { logout, loggingOut: isLoading };
}
