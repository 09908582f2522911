import { Button, Flex } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import './auth.css';

const choices = [
  { label: 'Log in as System', to: '/auth/system' },
  { label: 'Log in as Admin', to: '/auth/admin' },
  { label: 'Log in as Staff', to: '/auth/staff' },
];

/** The landing page: which kind of user is signing in. */
export function LoginTypeChooser() {
  const navigate = useNavigate();
  const go = (to: string) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(to);
  };
  return (
    <main className="auth-page">
      <section className="auth-card">
        <h1 className="auth-title">Payroll Consolidation System</h1>
        <div className="auth-subtitle">Choose your login type</div>
        <Flex vertical gap="middle">
          {choices.map(({ label, to }) => (
            <Button key={to} href={to} onClick={go(to)} type="primary" size="large" block>
              {label}
            </Button>
          ))}
        </Flex>
      </section>
    </main>
  );
}
