// The pages only the browser renders (SPEC §2): sign-in, forms, the desktop client's own pages and the
// back offices. Loaded apart from the site's routes (src/app/site-routes.ts), so a visitor's first page
// does not carry them: the router discovers them on the first navigation into one, or after idle time.
import type { TRouteDef } from '@/shared/route-meta';

export const APP_ROUTES: TRouteDef[] = [
  { path: '/login', layout: 'other', title: '登录', page: () => import('@/features/auth/login-page'), middleware: ['guest'] },
  { path: '/register', layout: 'other', title: '注册', page: () => import('@/features/auth/register-page'), middleware: ['guest'] },
  { path: '/fotgetPwd', layout: 'other', title: '找回密码', page: () => import('@/features/auth/forgot-password-page'), middleware: ['guest'] },
  // Desktop client only (文件→服务器设置…, the offline notice); public, since it must work signed out and offline.
  { path: '/desktop/server-settings', layout: 'other', title: '服务器设置', page: () => import('@/pages/server-settings-page') },
  { path: '/feedback', layout: 'default', title: '意见反馈', page: () => import('@/features/feedback/feedback-page'), menu: 'feedback' },
  { path: '/demand/inquiry', layout: 'default', title: '发布求购', page: () => import('@/features/demands/demand-post-page') },
  { path: '/demand/quickInquiry', layout: 'default', title: '快速询价', page: () => import('@/features/demands/quick-inquiry-page'), menu: 'quickInquiry' },
  { path: '/demand/quotation', layout: 'default', title: '提交报价', page: () => import('@/features/quotations/quotation-submit-page') },
  { path: '/verify/comparison/:code', layout: 'default', title: '比价单核验', page: () => import('@/features/quotations/verify-comparison-page') },
  // custom layout: back offices (login required)
  { path: '/admin', layout: 'custom', title: '管理中心', page: () => import('@/pages/admin-home'), middleware: ['auth'] },
  { path: '/admin/profile', layout: 'custom', title: '个人中心', page: () => import('@/features/profile/profile-page'), middleware: ['auth'] },
  { path: '/admin/profile/info', layout: 'custom', title: '账号与安全', page: () => import('@/features/profile/profile-info-page'), middleware: ['auth'] },
  { path: '/admin/collect/article', layout: 'custom', title: '收藏的文章', page: () => import('@/features/collections/collect-article-page'), menu: 'collection', middleware: ['auth'] },
  { path: '/admin/collect/product', layout: 'custom', title: '收藏的商品', page: () => import('@/features/collections/collect-product-page'), menu: 'collection', middleware: ['auth'] },
  { path: '/admin/collect/shop', layout: 'custom', title: '收藏的店铺', page: () => import('@/features/collections/collect-shop-page'), menu: 'collection', middleware: ['auth'] },
  { path: '/admin/quickInquiry', layout: 'custom', title: '快速询价', page: () => import('@/features/inquiries/quick-inquiry-queue-page'), menu: 'quickInquiry', middleware: ['auth', 'area:admin'] },
  { path: '/admin/feedback', layout: 'custom', title: '意见反馈', page: () => import('@/pages/admin/feedback-admin-page'), menu: 'feedback', middleware: ['auth', 'area:admin'] },
  { path: '/admin/productManage', layout: 'custom', title: '全部商品', page: () => import('@/features/platform-admin/product-moderation-page'), middleware: ['auth', 'area:admin'] },
  { path: '/admin/inquiryManage', layout: 'custom', title: '全部询价', page: () => import('@/features/platform-admin/inquiry-manage-page'), middleware: ['auth', 'area:admin'] },
  { path: '/admin/responseStats', layout: 'custom', title: '供应商响应', page: () => import('@/features/platform-admin/response-stats-page'), middleware: ['auth', 'area:admin'] },
  { path: '/admin/newsManage', layout: 'custom', title: '资讯管理', page: () => import('@/features/platform-admin/publication-manage-page'), middleware: ['auth', 'area:admin'] },
  { path: '/admin/newsManage/detail', layout: 'custom', title: '编辑资讯', page: () => import('@/features/platform-admin/publication-edit-page'), middleware: ['auth', 'area:admin'] },
  { path: '/admin/articleManage', layout: 'custom', title: '技术文章管理', page: () => import('@/features/platform-admin/publication-manage-page'), middleware: ['auth', 'area:admin'] },
  { path: '/admin/articleManage/detail', layout: 'custom', title: '编辑技术文章', page: () => import('@/features/platform-admin/publication-edit-page'), middleware: ['auth', 'area:admin'] },
  { path: '/admin/noticeManage', layout: 'custom', title: '公告管理', page: () => import('@/features/platform-admin/notice-manage-page'), middleware: ['auth', 'area:admin'] },
  { path: '/admin/userManage/normalUser', layout: 'custom', title: '普通用户', page: () => import('@/features/platform-admin/normal-user-page'), middleware: ['auth', 'area:admin'] },
  { path: '/admin/userManage/supplierUser', layout: 'custom', title: '供应商用户', page: () => import('@/features/platform-admin/supplier-user-page'), middleware: ['auth', 'area:admin'] },
  { path: '/admin/purchaser/demand-manager', layout: 'custom', title: '求购管理', page: () => import('@/features/demands/demand-manager-page'), menu: 'demandManagement', middleware: ['auth'] },
  // 采购单位 (issue 38): the organisation, 待我审批, and the platform's verification of organisations.
  { path: '/admin/purchaser/organisation', layout: 'custom', title: '采购单位', page: () => import('@/features/organisation/organisation-page'), menu: 'purchaserManagement', middleware: ['auth'] },
  { path: '/admin/purchaser/approvals', layout: 'custom', title: '待我审批', page: () => import('@/features/organisation/approvals-page'), menu: 'purchaserManagement', middleware: ['auth'] },
  { path: '/admin/organisations', layout: 'custom', title: '采购单位审核', page: () => import('@/features/organisation/organisation-review-page'), middleware: ['auth', 'area:admin'] },
  { path: '/admin/purchaser/demand-quotation', layout: 'custom', title: '收到的报价', page: () => import('@/features/quotations/demand-quotation-page'), menu: 'purchaserManagement', middleware: ['auth'] },
  { path: '/admin/supplier', layout: 'custom', title: '供应商中心', page: () => import('@/features/supplier-admin/supplier-home-page'), menu: 'supplier', middleware: ['auth'] }, // a member without a store applies here (入驻)
  { path: '/admin/supplier/baseInfo', layout: 'custom', title: '企业信息', page: () => import('@/features/supplier-admin/base-info-page'), menu: 'supplier', middleware: ['auth', 'area:supplier'] },
  { path: '/admin/supplier/article', layout: 'custom', title: '文章管理', page: () => import('@/features/supplier-admin/article-list-page'), menu: 'supplier', middleware: ['auth', 'area:supplier'] },
  { path: '/admin/supplier/article/ArticleDetail', layout: 'custom', title: '编辑文章', page: () => import('@/features/supplier-admin/article-detail-page'), menu: 'supplier', middleware: ['auth', 'area:supplier'] },
  { path: '/admin/supplier/brand', layout: 'custom', title: '品牌', page: () => import('@/features/supplier-admin/brand-page'), menu: 'supplier', middleware: ['auth', 'area:supplier'] },
  { path: '/admin/supplier/brand-management', layout: 'custom', title: '品牌管理', page: () => import('@/features/supplier-admin/brand-management-page'), menu: 'supplier', middleware: ['auth', 'area:supplier'] },
  { path: '/admin/supplier/goods', layout: 'custom', title: '商品管理', page: () => import('@/features/supplier-admin/goods-list-page'), menu: 'supplier', middleware: ['auth', 'area:supplier'] },
  { path: '/admin/supplier/goods/goodDetail', layout: 'custom', title: '编辑商品', page: () => import('@/features/supplier-admin/goods-detail-page'), menu: 'supplier', middleware: ['auth', 'area:supplier'] },
  { path: '/admin/supplier/inquiry', layout: 'custom', title: '询价管理', page: () => import('@/features/inquiries/supplier-inquiry-page'), menu: 'supplierManagement', middleware: ['auth', 'area:supplier'] },
  { path: '/admin/supplier/inquiry/data', layout: 'custom', title: '询价数据', page: () => import('@/features/inquiries/supplier-inquiry-data-page'), menu: 'supplierManagement', middleware: ['auth', 'area:supplier'] },
  { path: '/admin/supplier/product-management', layout: 'custom', title: '产品管理', page: () => import('@/features/supplier-admin/product-management-page'), menu: 'supplier', middleware: ['auth', 'area:supplier'] },
  { path: '/admin/supplier/quotation', layout: 'custom', title: '报价管理', page: () => import('@/features/quotations/supplier-quotation-page'), menu: 'supplierManagement', middleware: ['auth', 'area:supplier'] },
  { path: '/admin/supplier/quotation/detail', layout: 'custom', title: '报价详情', page: () => import('@/features/quotations/supplier-quotation-detail-page'), menu: 'supplierManagement', middleware: ['auth', 'area:supplier'] },
  { path: '/admin/supplier/shopGoodCategory', layout: 'custom', title: '店铺分类', page: () => import('@/features/supplier-admin/shop-category-page'), menu: 'supplier', middleware: ['auth', 'area:supplier'] },
  { path: '/admin/supplier/shopGoodCategory/categoryDetail', layout: 'custom', title: '编辑分类', page: () => import('@/features/supplier-admin/shop-category-detail-page'), menu: 'supplier', middleware: ['auth', 'area:supplier'] },
  { path: '/admin/supplier/talentRecruitment', layout: 'custom', title: '人才招聘', page: () => import('@/features/supplier-admin/recruitment-list-page'), menu: 'supplier', middleware: ['auth', 'area:supplier'] },
  { path: '/admin/supplier/talentRecruitment/RecruitmentDetail', layout: 'custom', title: '编辑职位', page: () => import('@/features/supplier-admin/recruitment-detail-page'), menu: 'supplier', middleware: ['auth', 'area:supplier'] },
];
