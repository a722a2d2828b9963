// The back-office sidebar: sections keyed by the menu keys of SPEC §2, each shown only to the
// roles that use it (the server checks permissions again on every call).
import { ClipboardList, MessageSquareText, MessagesSquare, ShieldCheck, ShoppingCart, Star, Store, UserRound, Zap, type LucideIcon } from 'lucide-react';
import type { TMenuKey } from './route-meta';

type TMenuItem = { to: string; label: string; roles?: string[] };
/** `icon`: the admin group's icon set (lucide), one per section. */
export type TMenuSection = { key: TMenuKey | 'profile' | 'platform'; title: string; icon: LucideIcon; roles: string[]; items: TMenuItem[] };

export const ADMIN_MENU: TMenuSection[] = [
  {
    key: 'profile',
    title: '个人中心', icon: UserRound,
    roles: ['member'],
    items: [
      { to: '/admin', label: '管理中心首页' },
      { to: '/admin/profile', label: '个人资料' },
      { to: '/admin/profile/info', label: '账号与安全' },
    ],
  },
  {
    key: 'collection',
    title: '我的收藏', icon: Star,
    roles: ['member'],
    items: [
      { to: '/admin/collect/product', label: '收藏的商品' },
      { to: '/admin/collect/shop', label: '收藏的店铺' },
      { to: '/admin/collect/article', label: '收藏的文章' },
    ],
  },
  {
    key: 'demandManagement',
    title: '求购管理', icon: ClipboardList,
    roles: ['purchaser'],
    items: [
      { to: '/admin/purchaser/demand-manager', label: '我的求购' },
      { to: '/demand/inquiry', label: '发布求购' },
    ],
  },
  {
    // Every member can send product inquiries; quotations on demands reach purchasers only.
    key: 'purchaserManagement',
    title: '采购管理', icon: ShoppingCart,
    roles: ['member'],
    items: [
      { to: '/admin/purchaser/demand-quotation', label: '收到的报价', roles: ['purchaser'] },
      { to: '/admin/purchaser/demand-manager?tab=inquiries', label: '我的询价' },
      { to: '/admin/purchaser/organisation', label: '采购单位' },
      { to: '/admin/purchaser/approvals', label: '待我审批' },
    ],
  },
  {
    key: 'supplierManagement',
    title: '询价与报价', icon: MessagesSquare,
    roles: ['supplier'],
    items: [
      { to: '/admin/supplier/inquiry', label: '询价管理' },
      { to: '/admin/supplier/inquiry/data', label: '询价数据' },
      { to: '/admin/supplier/quotation', label: '报价管理' },
    ],
  },
  {
    key: 'supplier',
    title: '店铺管理', icon: Store,
    roles: ['supplier'],
    items: [
      { to: '/admin/supplier', label: '供应商中心' },
      { to: '/admin/supplier/baseInfo', label: '企业信息' },
      { to: '/admin/supplier/goods', label: '商品管理' },
      { to: '/admin/supplier/product-management', label: '产品管理' },
      { to: '/admin/supplier/shopGoodCategory', label: '店铺分类' },
      { to: '/admin/supplier/brand', label: '代理品牌' },
      { to: '/admin/supplier/brand-management', label: '品牌管理' },
      { to: '/admin/supplier/article', label: '文章与方案' },
      { to: '/admin/supplier/talentRecruitment', label: '人才招聘' },
    ],
  },
  { key: 'quickInquiry', title: '快速询价', icon: Zap, roles: ['admin'], items: [{ to: '/admin/quickInquiry', label: '快速询价队列' }] },
  { key: 'feedback', title: '意见反馈', icon: MessageSquareText, roles: ['admin'], items: [{ to: '/admin/feedback', label: '用户反馈' }] },
  {
    key: 'platform',
    title: '平台管理', icon: ShieldCheck,
    roles: ['admin'],
    items: [
      { to: '/admin/purchaser/demand-manager?scope=all', label: '全部求购' },
      { to: '/admin/inquiryManage', label: '全部询价' },
      { to: '/admin/responseStats', label: '供应商响应' },
      { to: '/admin/productManage', label: '全部商品' },
      { to: '/admin/newsManage', label: '资讯管理' },
      { to: '/admin/articleManage', label: '技术文章管理' },
      { to: '/admin/noticeManage', label: '公告管理' },
      { to: '/admin/userManage/normalUser', label: '普通用户' },
      { to: '/admin/userManage/supplierUser', label: '供应商用户' },
      { to: '/admin/organisations', label: '采购单位审核' },
    ],
  },
];

const holds = (need: string[] | undefined, roles: readonly string[]) => !need || need.some((r) => roles.includes(r));

/** The sections (and within them the entries) that the roles use; sections left empty are dropped. */
export const menuFor = (roles: readonly string[]): TMenuSection[] =>
  ADMIN_MENU.filter((s) => holds(s.roles, roles))
    .map((s) => ({ ...s, items: s.items.filter((i) => holds(i.roles, roles)) }))
    .filter((s) => s.items.length > 0);

/**
 * The one sidebar entry a location belongs to: same path, and every query parameter the entry
 * names present with its value; the most specific entry wins (…/demand-manager?tab=inquiries is
 * 我的询价, not also 我的求购). Null when no entry matches.
 */
export function activeMenuItem(sections: TMenuSection[], pathname: string, search: string): string | null {
  const here = new URLSearchParams(search);
  let best: string | null = null;
  let bestScore = -1;
  for (const s of sections) {
    for (const i of s.items) {
      const [path, query = ''] = i.to.split('?');
      if (path !== pathname) continue;
      const need = [...new URLSearchParams(query).entries()];
      if (need.every(([k, v]) => here.get(k) === v) && need.length > bestScore) {
        best = i.to;
        bestScore = need.length;
      }
    }
  }
  return best;
}
