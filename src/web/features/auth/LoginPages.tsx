import { useLoginAdminMutation, useLoginStaffMutation, useLoginSystemMutation } from '@/web/api/generated';
import { LoginForm } from './LoginForm';
import { LOGIN_SCREENS } from './loginScreens';

interface LoginPageProps {
  /** Starts downloading the area's code once someone begins to sign in. */
  preloadArea?: () => void;
}

export function SystemLoginPage({ preloadArea }: LoginPageProps) {
  const [login] = useLoginSystemMutation();
  return <LoginForm screen={LOGIN_SCREENS.SYSTEM} login={(loginInput) => login({ loginInput }).unwrap()} onStart={preloadArea} />;
}

export function AdminLoginPage({ preloadArea }: LoginPageProps) {
  const [login] = useLoginAdminMutation();
  return <LoginForm screen={LOGIN_SCREENS.ADMIN} login={(loginInput) => login({ loginInput }).unwrap()} onStart={preloadArea} />;
}

export function StaffLoginPage({ preloadArea }: LoginPageProps) {
  const [login] = useLoginStaffMutation();
  return <LoginForm screen={LOGIN_SCREENS.STAFF} login={(loginInput) => login({ loginInput }).unwrap()} onStart={preloadArea} />;
}
