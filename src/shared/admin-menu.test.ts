import { describe, expect, it } from 'vitest';
import { activeMenuItem, menuFor } from './admin-menu';

const keys = (roles: string[]) => menuFor(roles).map((s) => s.key);
const links = (roles: string[]) => menuFor(roles).flatMap((s) => s.items.map((i) => i.to));

describe('back-office sidebar (SPEC §2 menu keys)', () => {
  it('highlights one entry per location, the query included', () => {
    const menu = menuFor(['member', 'purchaser', 'admin']);
    expect(activeMenuItem(menu, '/admin/purchaser/demand-manager', '?tab=inquiries')).toBe('/admin/purchaser/demand-manager?tab=inquiries');
    expect(activeMenuItem(menu, '/admin/purchaser/demand-manager', '')).toBe('/admin/purchaser/demand-manager');
    expect(activeMenuItem(menu, '/admin/purchaser/demand-manager', '?status=REJECTED&page=2')).toBe('/admin/purchaser/demand-manager');
    expect(activeMenuItem(menu, '/admin/purchaser/demand-manager', '?scope=all')).toBe('/admin/purchaser/demand-manager?scope=all');
    expect(activeMenuItem(menu, '/admin/collect/product', '')).toBe('/admin/collect/product');
    expect(activeMenuItem(menu, '/admin/unknown', '')).toBeNull();
  });

  it('shows a plain member only its own sections', () => {
    expect(keys(['member'])).toEqual(['profile', 'collection', 'purchaserManagement']);
    expect(links(['member'])).toContain('/admin/purchaser/demand-manager?tab=inquiries');
    expect(links(['member'])).not.toContain('/admin/purchaser/demand-quotation');
  });

  it('adds demand management and received quotations for a purchaser', () => {
    expect(keys(['member', 'purchaser'])).toEqual(['profile', 'collection', 'demandManagement', 'purchaserManagement']);
    expect(links(['member', 'purchaser'])).toContain('/admin/purchaser/demand-quotation');
  });

  it('gives a supplier its inquiry, quotation and store sections and nothing of the platform', () => {
    const k = keys(['member', 'supplier']);
    expect(k).toEqual(expect.arrayContaining(['supplierManagement', 'supplier']));
    expect(k).not.toEqual(expect.arrayContaining(['quickInquiry']));
    expect(k).not.toContain('feedback');
    expect(k).not.toContain('platform');
    expect(k).not.toContain('demandManagement');
  });

  it('gives an admin the quick-inquiry queue, feedback and platform sections', () => {
    expect(keys(['member', 'admin'])).toEqual(expect.arrayContaining(['quickInquiry', 'feedback', 'platform']));
    expect(keys(['member', 'admin'])).not.toContain('supplier');
  });
});
