// Every route of SPEC §2 with its layout, title and menu key; pages load lazily.
import type { ComponentType } from 'react';

export type TLayout = 'blank-page' | 'custom' | 'default' | 'other' | 'storepage' | 'storepagesup';
export type TMenuKey = 'collection' | 'supplier' | 'demandManagement' | 'purchaserManagement' | 'supplierManagement' | 'quickInquiry' | 'feedback';
export type TPageModule = { default: ComponentType };
export type TRouteDef = { path: string; layout: TLayout; title: string; page: () => Promise<TPageModule>; menu?: TMenuKey; middleware?: string[] };

const soon = () => import('@/pages/coming-soon');

export const ROUTES: TRouteDef[] = [
  // default layout: public site
  { path: '/', layout: 'default', title: '首页', page: () => import('@/pages/home') },
  { path: '/login', layout: 'other', title: '登录', page: () => import('@/features/auth/login-page') },
  { path: '/register', layout: 'other', title: '注册', page: () => import('@/features/auth/register-page') },
  { path: '/fotgetPwd', layout: 'other', title: '找回密码', page: () => import('@/features/auth/forgot-password-page') },
  { path: '/privacy-policy', layout: 'default', title: '隐私政策', page: () => import('@/pages/static/privacy-page') },
  { path: '/feedback', layout: 'default', title: '意见反馈', page: () => import('@/features/feedback/feedback-page'), menu: 'feedback' },
  { path: '/about/*', layout: 'blank-page', title: '关于我们', page: () => import('@/pages/static/about-page') },
  { path: '/about', layout: 'blank-page', title: '关于我们', page: () => import('@/pages/static/about-page') },
  { path: '/agreement/*', layout: 'blank-page', title: '用户协议', page: () => import('@/pages/static/agreement-page') },
  { path: '/agreement', layout: 'blank-page', title: '用户协议', page: () => import('@/pages/static/agreement-page') },
  { path: '/service/*', layout: 'blank-page', title: '服务中心', page: () => import('@/pages/static/service-page') },
  { path: '/service', layout: 'blank-page', title: '服务中心', page: () => import('@/pages/static/service-page') },
  { path: '/enterprise', layout: 'default', title: '企业库', page: () => import('@/features/enterprises/enterprise-list-page') },
  { path: '/enterprise/*', layout: 'default', title: '企业详情', page: () => import('@/features/enterprises/enterprise-detail-page') },
  { path: '/news', layout: 'default', title: '新闻资讯', page: () => import('@/features/news/news-list-page') },
  { path: '/news/detail/:file', layout: 'default', title: '新闻详情', page: () => import('@/features/news/news-detail-page') },
  { path: '/technicalCentre', layout: 'default', title: '技术中心', page: () => import('@/features/articles/article-list-page') },
  { path: '/technicalCentre/detail/:file', layout: 'default', title: '技术文章', page: () => import('@/features/articles/article-detail-page') },
  { path: '/shop', layout: 'default', title: '仪器商城', page: () => import('@/features/shop/shop-page') },
  { path: '/shop/detail/:file', layout: 'default', title: '商品详情', page: () => import('@/features/shop/product-detail-page') },
  { path: '/shop/goods-details', layout: 'default', title: '商品详情', page: () => import('@/features/shop/product-detail-page') },
  { path: '/demand', layout: 'default', title: '求购大厅', page: () => import('@/features/demands/demand-hall-page') },
  { path: '/demand/inquiry', layout: 'default', title: '发布求购', page: () => import('@/features/demands/demand-post-page') },
  { path: '/demand/quickInquiry', layout: 'default', title: '快速询价', page: () => import('@/features/demands/quick-inquiry-page'), menu: 'quickInquiry' },
  { path: '/demand/quotation', layout: 'default', title: '提交报价', page: () => import('@/features/quotations/quotation-submit-page') },
  { path: '/store', layout: 'storepage', title: '店铺大全', page: () => import('@/features/stores/store-directory-page') },
  // storepagesup layout: a supplier's store
  { path: '/store/:uid', layout: 'storepagesup', title: '店铺首页', page: () => import('@/features/stores/store-home-page') },
  { path: '/store/:uid/allProducts', layout: 'storepagesup', title: '全部产品', page: () => import('@/features/stores/store-products-page') },
  { path: '/store/:uid/companyProfile', layout: 'storepagesup', title: '公司简介', page: () => import('@/features/stores/store-profile-page') },
  { path: '/store/:uid/goods-details', layout: 'storepagesup', title: '商品详情', page: () => import('@/features/stores/store-goods-details-page') },
  { path: '/store/:uid/store-article', layout: 'storepagesup', title: '店铺文章', page: () => import('@/features/stores/store-article-page') },
  { path: '/store/:uid/store-article-theme2', layout: 'storepagesup', title: '店铺文章', page: () => import('@/features/stores/store-article-theme2-page') },
  { path: '/store/:uid/store-scheme', layout: 'storepagesup', title: '解决方案', page: () => import('@/features/stores/store-scheme-page') },
  { path: '/store/:uid/store-scheme-theme2', layout: 'storepagesup', title: '解决方案', page: () => import('@/features/stores/store-scheme-theme2-page') },
  { path: '/store/:uid/storeArticleDetails', layout: 'storepagesup', title: '文章详情', page: () => import('@/features/stores/store-article-details-page') },
  { path: '/store/:uid/talent-recruitment', layout: 'storepagesup', title: '人才招聘', page: () => import('@/features/stores/store-recruitment-page') },
  // custom layout: back offices (login required)
  { path: '/admin', layout: 'custom', title: '管理中心', page: () => import('@/pages/admin-home') },
  { path: '/admin/profile', layout: 'custom', title: '个人中心', page: () => import('@/features/profile/profile-page') },
  { path: '/admin/profile/info', layout: 'custom', title: '账号资料', page: () => import('@/features/profile/profile-info-page') },
  { path: '/admin/collect/article', layout: 'custom', title: '收藏的文章', page: () => import('@/features/collections/collect-article-page'), menu: 'collection' },
  { path: '/admin/collect/product', layout: 'custom', title: '收藏的商品', page: () => import('@/features/collections/collect-product-page'), menu: 'collection' },
  { path: '/admin/collect/shop', layout: 'custom', title: '收藏的店铺', page: () => import('@/features/collections/collect-shop-page'), menu: 'collection' },
  { path: '/admin/noticeManage', layout: 'custom', title: '公告管理', page: soon },
  { path: '/admin/userManage/normalUser', layout: 'custom', title: '普通用户', page: soon },
  { path: '/admin/userManage/supplierUser', layout: 'custom', title: '供应商用户', page: soon },
  { path: '/admin/purchaser/demand-manager', layout: 'custom', title: '求购管理', page: () => import('@/features/demands/demand-manager-page'), menu: 'demandManagement' },
  { path: '/admin/purchaser/demand-quotation', layout: 'custom', title: '收到的报价', page: () => import('@/features/quotations/demand-quotation-page'), menu: 'purchaserManagement' },
  { path: '/admin/supplier', layout: 'custom', title: '供应商中心', page: soon, menu: 'supplier' },
  { path: '/admin/supplier/baseInfo', layout: 'custom', title: '企业信息', page: soon, menu: 'supplier' },
  { path: '/admin/supplier/article', layout: 'custom', title: '文章管理', page: soon, menu: 'supplier' },
  { path: '/admin/supplier/article/ArticleDetail', layout: 'custom', title: '编辑文章', page: soon, menu: 'supplier' },
  { path: '/admin/supplier/brand', layout: 'custom', title: '品牌', page: soon, menu: 'supplier' },
  { path: '/admin/supplier/brand-management', layout: 'custom', title: '品牌管理', page: soon, menu: 'supplier' },
  { path: '/admin/supplier/goods', layout: 'custom', title: '商品管理', page: soon, menu: 'supplier' },
  { path: '/admin/supplier/goods/goodDetail', layout: 'custom', title: '编辑商品', page: soon, menu: 'supplier' },
  { path: '/admin/supplier/inquiry', layout: 'custom', title: '询价管理', page: () => import('@/features/inquiries/supplier-inquiry-page'), menu: 'supplierManagement' },
  { path: '/admin/supplier/inquiry/data', layout: 'custom', title: '询价数据', page: () => import('@/features/inquiries/supplier-inquiry-data-page'), menu: 'supplierManagement' },
  { path: '/admin/supplier/product-management', layout: 'custom', title: '产品管理', page: soon, menu: 'supplier' },
  { path: '/admin/supplier/quotation', layout: 'custom', title: '报价管理', page: () => import('@/features/quotations/supplier-quotation-page'), menu: 'supplierManagement' },
  { path: '/admin/supplier/quotation/detail', layout: 'custom', title: '报价详情', page: () => import('@/features/quotations/supplier-quotation-detail-page'), menu: 'supplierManagement' },
  { path: '/admin/supplier/shopGoodCategory', layout: 'custom', title: '店铺分类', page: soon, menu: 'supplier' },
  { path: '/admin/supplier/shopGoodCategory/categoryDetail', layout: 'custom', title: '编辑分类', page: soon, menu: 'supplier' },
  { path: '/admin/supplier/talentRecruitment', layout: 'custom', title: '人才招聘', page: soon, menu: 'supplier' },
  { path: '/admin/supplier/talentRecruitment/RecruitmentDetail', layout: 'custom', title: '编辑职位', page: soon, menu: 'supplier' },
];
