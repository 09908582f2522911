import { Flex, Spin } from 'antd';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useGetMeQuery } from '@/web/api/generated';
import { type NavItem, ShellLayout } from '@/web/components/ShellLayout';
import { useCurrentUser } from '@/web/features/auth/authSlice';
import { ChangePasswordDialog } from '@/web/features/auth/ChangePasswordDialog';
import { useLogout } from '@/web/features/auth/useLogout';
import { ProcessingNotices } from '@/web/realtime/ProcessingNotices';

interface AreaShellProps {
  areaLabel: string;
  navItems: NavItem[];
}

/** A signed-in area: the shell around the current screen, for the signed-in user. */
export function AreaShell({ areaLabel, navItems }: AreaShellProps) {
  const user = useCurrentUser();
  const { logout, loggingOut } = useLogout();
  const [changingPassword, setChangingPassword] = useState(false);
  // Confirms the remembered session with the server and keeps name and email current.
  useGetMeQuery(undefined, { skip: !user });
  if (!user) return null;
  return (
    <ShellLayout
      areaLabel={areaLabel}
      navItems={navItems}
      user={user}
      onLogout={() => void logout()}
      loggingOut={loggingOut}
      onChangePassword={() => setChangingPassword(true)}
    >
      {/* An upload that finishes while its owner is on another screen still says so. */}
      <ProcessingNotices />
      <Suspense
        fallback={
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin />
          </Flex>
        }
      >
        <Outlet />
      </Suspense>
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </ShellLayout>
  );
}
