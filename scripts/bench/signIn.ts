export type SignInRole = 'system' | 'admin' | 'staff';

/**
 * Signs in at the role's own endpoint as the SPA does (a same-origin POST) and answers the session's
 * cookies, ready for a `cookie` header.
 */
export async function signIn(baseUrl: string, role: SignInRole, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/${role}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`The ${role} sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
