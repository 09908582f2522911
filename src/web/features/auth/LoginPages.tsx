import { useLoginAdminMutation, useLoginStaffMutation, useLoginSystemMutation } from '@/web/api/generated';
import { LoginForm } from './LoginForm';
import { LOGIN_SCREENS } from './loginScreens';

export function SystemLoginPage() {
  const [login] = useLoginSystemMutation();
  return <LoginForm screen={LOGIN_SCREENS.SYSTEM} login={(loginInput) => login({ loginInput }).unwrap()} />;
}

export function AdminLoginPage() {
  const [login] = useLoginAdminMutation();
  return <LoginForm screen={LOGIN_SCREENS.ADMIN} login={(loginInput) => login({ loginInput }).unwrap()} />;
}

export function StaffLoginPage() {
  const [login] = useLoginStaffMutation();
  return <LoginForm screen={LOGIN_SCREENS.STAFF} login={(loginInput) => login({ loginInput }).unwrap()} />;
}
