import { Alert, Button, Form, Input } from 'antd';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { api } from '@/web/api/endpoints';
import type { CurrentUser, LoginInput } from '@/web/api/generated';
import { errorMessage, fieldErrors, UNEXPECTED_ERROR_MESSAGE } from '@/web/lib/errorMessage';
import { fieldStatus } from '@/web/lib/fieldStatus';
import { returnToWithin } from '@/web/lib/returnTo';
import { signedIn, useSessionEnded } from './authSlice';
import { loginSchema, type LoginValues } from './loginSchema';
import type { LoginScreen } from './loginScreens';
import './auth.css';

/** Shown on the sign-in card when the server would no longer renew the session. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

export interface LoginAnswer {
  success: boolean;
  message: string;
  data?: { user: CurrentUser };
}

interface LoginFormProps {
  screen: LoginScreen;
  /** Calls the role's sign-in endpoint; rejects with the API error. */
  login: (input: LoginInput) => Promise<LoginAnswer>;
  /** Called when someone first moves into the form (to fetch what the next screen needs meanwhile). */
  onStart?: () => void;
}

/** The centred 'Welcome back' card every role signs in with. */
export function LoginForm({ screen, login, onStart }: LoginFormProps) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const sessionEnded = useSessionEnded();

  const formik = useFormik<LoginValues>({
    initialValues: { email: '', password: '' },
    validationSchema: loginSchema,
    onSubmit: async (values, helpers) => {
      setGeneralError(null);
      try {
        const answer = await login({ email: values.email.trim(), password: values.password });
        if (!answer.success || !answer.data) {
          setGeneralError(answer.message || UNEXPECTED_ERROR_MESSAGE);
          return;
        }
        // A new session starts from an empty cache: nothing of a previous user may show.
        dispatch(api.util.resetApiState());
        dispatch(signedIn(answer.data.user));
        // Back to the page the session ended on (or the address opened signed out), else the area's home.
        navigate(returnToWithin(location.state, screen.area) ?? screen.home, { replace: true });
      } catch (error) {
        const { email, password } = fieldErrors(error);
        helpers.setErrors({ email, password });
        setGeneralError(errorMessage(error));
      }
    },
  });

  const pending = formik.isSubmitting;

  return (
    <main className="auth-page">
      <section className="auth-card">
        <h1 className="auth-title">Welcome back</h1>
        <div className="auth-subtitle">{screen.subtitle}</div>
        <form noValidate onSubmit={formik.handleSubmit} onFocus={onStart} aria-label={screen.subtitle}>
          <Form layout="vertical" component={false} requiredMark={false}>
            {generalError ? (
              <Alert type="error" showIcon title={generalError} className="auth-error" />
            ) : (
              sessionEnded && <Alert type="warning" showIcon title={SESSION_ENDED_MESSAGE} className="auth-error" />
            )}
            <Form.Item label="Email" htmlFor="login-email" {...fieldStatus(formik, 'email')}>
              <Input
                id="login-email"
                type="email"
                autoComplete="email"
                placeholder="name@example.com"
                {...formik.getFieldProps('email')}
              />
            </Form.Item>
            <Form.Item label="Password" htmlFor="login-password" {...fieldStatus(formik, 'password')}>
              <Input.Password id="login-password" autoComplete="current-password" {...formik.getFieldProps('password')} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" disabled={pending}>
              {pending ? 'Logging in...' : 'Login'}
            </Button>
          </Form>
        </form>
        <div className="auth-footer">
          {screen.footerLead} <Link to={screen.otherLogins[0].to}>{screen.otherLogins[0].label}</Link> or{' '}
          <Link to={screen.otherLogins[1].to}>{screen.otherLogins[1].label}</Link>
        </div>
      </section>
    </main>
  );
}
