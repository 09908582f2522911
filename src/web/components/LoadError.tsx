import { Alert, Button } from 'antd';
import type { CSSProperties } from 'react';
import { useDispatch } from 'react-redux';
import { sessionExpired } from '@/web/api/session';
import { errorMessage } from '@/web/lib/errorMessage';

interface LoadErrorProps {
  /** The failed read's error: its message is shown when it carries one, else `fallback`. */
  error: unknown;
  /** The screen's own words for the failure (spec section 8), shown when the error has none of its own. */
  fallback: string;
  /** Words that replace the error's message altogether, where the spec fixes them. */
  message?: string;
  /** Asks again: the query's `refetch`. */
  onRetry: () => void;
  /** Whether the read is being asked again right now. */
  retrying?: boolean;
  style?: CSSProperties;
}

/** Whether the read was refused because nobody is signed in (the session could not be renewed either). */
function signedOut(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401;
}

/**
 * A read that failed (spec section 8: a red alert with the error's message or the screen's fallback),
 * with the way on: Retry asks again; a refusal because nobody is signed in offers Sign in instead,
 * which ends the remembered session so the area's guard opens its sign-in screen (and returns here after).
 */
export function LoadError({ error, fallback, message, onRetry, retrying = false, style }: LoadErrorProps) {
  const dispatch = useDispatch();
  const action = signedOut(error) ? (
    <Button size="small" type="primary" onClick={() => dispatch(sessionExpired())}>
      Sign in
    </Button>
  ) : (
    <Button size="small" onClick={onRetry} loading={retrying}>
      Retry
    </Button>
  );
  return <Alert type="error" showIcon title={message ?? errorMessage(error, fallback)} action={action} style={style} />;
}
