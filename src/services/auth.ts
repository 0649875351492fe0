import { request } from './http';

export interface LoginPayload {
  email: string;
  password: string;
}

export async function login(payload: LoginPayload): Promise<string> {
  const data = await request<{ token: string }>({
    method: 'POST',
    url: '/api/sanctum-auth/login',
    data: payload,
    // The login form shows the failure in its callout; no second copy as a toast.
    quietErrors: true,
  });
  if (!data || typeof data.token !== 'string' || !data.token)
    throw new Error('Login response carries no token');
  return data.token;
}

export async function logout(): Promise<void> {
  await request<unknown>({ method: 'DELETE', url: '/api/sanctum-auth/logout' });
}
