import { createAction } from '@reduxjs/toolkit';

/** The session can no longer be renewed: the signed-in user must sign in again. */
export const sessionExpired = createAction('auth/sessionExpired');
