// The route table and the data lower layers keep about it agree (SPEC §2 menu keys).
import { describe, expect, it } from 'vitest';
import { ADMIN_MENU } from '@/shared/admin-menu';
import { ROUTES } from './route-table';

describe('route table', () => {
  it('uses the menu key of every admin route it links to', () => {
    for (const section of ADMIN_MENU) {
      if (section.key === 'profile' || section.key === 'platform') continue;
      for (const item of section.items) {
        const route = ROUTES.find((r) => r.path === item.to.split('?')[0]);
        expect(route, item.to).toBeDefined();
        if (route!.path.startsWith('/admin/') && !item.to.includes('?')) expect(route!.menu, item.to).toBe(section.key);
      }
    }
  });
});
