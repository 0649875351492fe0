import { request } from './http';

/** One entry of POST /api/user/menu (see /work/notes/routes.md for the shape). */
export interface ServerMenuRoute {
  path: string;
  name: string;
  meta: {
    locale?: string;
    icon?: string;
    order?: number;
    requiresAuth?: boolean;
    roles?: string[];
    hideInMenu?: boolean;
    hideChildrenInMenu?: boolean;
  };
  children?: ServerMenuRoute[];
}

export async function getServerMenu(): Promise<ServerMenuRoute[]> {
  const data = await request<ServerMenuRoute[]>({ method: 'POST', url: '/api/user/menu' });
  return Array.isArray(data) ? data : [];
}
