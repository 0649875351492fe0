import { describe, expect, it } from 'vitest';
import { accessTree, menuSource, pageRoutes, pathOfName } from '@/app/routes';
import { firstPermittedRoute } from '@/machines/app/access';
import { buildMenuTree, menuPathTo } from '@/machines/app/menuTree';

describe('route table and side menu', () => {
  it('orders the top level by SPEC order and hides hidden groups', () => {
    const admin = buildMenuTree(menuSource(), 'admin').map((n) => n.name);
    expect(admin).toEqual([
      'project',
      'supply',
      'activities',
      'order',
      'account',
      'notice',
      'feedback',
      'system',
      'arcoWebsite',
    ]);
  });

  it('leaves hidden children out (details, update pages)', () => {
    const system = buildMenuTree(menuSource(), 'user').find((n) => n.name === 'system')!;
    expect(system.children.map((c) => c.name)).toEqual(['SystemSetting', 'ServiceCity', 'Commission']);
  });

  it('leads a hidden page to its section by path, and a listed page by name', () => {
    const tree = buildMenuTree(menuSource(), 'admin');
    const names = (name: string, path: string) => menuPathTo(tree, name, path).map((n) => n.name);
    expect(names('UpdateServiceCity', '/system/update-service-city')).toEqual(['system']);
    expect(names('ProjectDetail', '/project/project')).toEqual(['project']);
    expect(names('ServiceCity', '/system/service-city')).toEqual(['system', 'ServiceCity']);
    expect(names('nothing', '/nowhere/else')).toEqual([]);
    expect(menuPathTo(tree, 'UpdateServiceCity')).toEqual([]);
  });

  it('lists the external link group with three links', () => {
    const group = buildMenuTree(menuSource(), 'user').find((n) => n.name === 'arcoWebsite')!;
    expect(group.children.map((c) => c.name)).toEqual(['preview', 'docs', 'components']);
    expect(group.children.every((c) => c.href?.startsWith('https://'))).toBe(true);
  });

  it('gives every page route a unique name and a lazy page', () => {
    const names = pageRoutes().map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect(pathOfName('Workplace')).toBe('/dashboard/workplace');
    expect(pathOfName('SupplyList')).toBe('/supply/list');
  });

  it('keeps admin-only routes admin-only (SPEC §6)', () => {
    const roles = Object.fromEntries(pageRoutes().map((r) => [r.name, r.meta.roles]));
    for (const name of [
      'Monitor',
      '403',
      'Step',
      'Group',
      'Basic',
      'Success',
      'Error',
      'DataAnalysis',
      'MultiDAnalysis',
    ]) {
      expect(roles[name], name).toEqual(['admin']);
    }
  });

  it('sends a user without access to Workplace first', () => {
    expect(firstPermittedRoute(accessTree(), 'user')).toBe('Workplace');
  });
});
