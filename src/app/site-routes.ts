// The pages the server renders for visitors (SPEC §2): the public site, its shop, news, articles,
// demand hall and the suppliers' stores. The first page's script carries only these; the rest of the
// route table (src/app/app-routes.ts) loads after the first paint or on the first navigation into it.
// `ssr`: the server renders the page (src/entry-server.tsx; the page module exports `prefetch`).
import type { TRouteDef } from '@/shared/route-meta';

export const SITE_ROUTES: TRouteDef[] = [
  // default layout: public site
  { path: '/', layout: 'default', title: '首页', page: () => import('@/pages/home'), ssr: true },
  { path: '/privacy-policy', layout: 'default', title: '隐私政策', page: () => import('@/pages/static/privacy-page'), ssr: true },
  { path: '/about/*', layout: 'blank-page', title: '关于我们', page: () => import('@/pages/static/about-page'), ssr: true },
  { path: '/about', layout: 'blank-page', title: '关于我们', page: () => import('@/pages/static/about-page'), ssr: true },
  { path: '/agreement/*', layout: 'blank-page', title: '用户协议', page: () => import('@/pages/static/agreement-page'), ssr: true },
  { path: '/agreement', layout: 'blank-page', title: '用户协议', page: () => import('@/pages/static/agreement-page'), ssr: true },
  { path: '/service/*', layout: 'blank-page', title: '服务中心', page: () => import('@/pages/static/service-page'), ssr: true },
  { path: '/service', layout: 'blank-page', title: '服务中心', page: () => import('@/pages/static/service-page'), ssr: true },
  { path: '/enterprise', layout: 'default', title: '企业库', page: () => import('@/features/enterprises/enterprise-list-page'), ssr: true },
  { path: '/enterprise/*', layout: 'default', title: '企业详情', page: () => import('@/features/enterprises/enterprise-detail-page'), ssr: true },
  { path: '/news', layout: 'default', title: '新闻资讯', page: () => import('@/features/news/news-list-page'), ssr: true },
  { path: '/news/detail/:file', layout: 'default', title: '新闻详情', page: () => import('@/features/news/news-detail-page'), middleware: ['html-file'], ssr: true },
  { path: '/technicalCentre', layout: 'default', title: '技术中心', page: () => import('@/features/articles/article-list-page'), ssr: true },
  { path: '/technicalCentre/detail/:file', layout: 'default', title: '技术文章', page: () => import('@/features/articles/article-detail-page'), middleware: ['html-file'], ssr: true },
  { path: '/shop', layout: 'default', title: '仪器商城', page: () => import('@/features/shop/shop-page'), ssr: true },
  { path: '/shop/detail/:file', layout: 'default', title: '商品详情', page: () => import('@/features/shop/product-detail-page'), middleware: ['html-file'], ssr: true },
  { path: '/shop/goods-details', layout: 'default', title: '商品详情', page: () => import('@/features/shop/product-detail-page'), ssr: true },
  { path: '/demand', layout: 'default', title: '求购大厅', page: () => import('@/features/demands/demand-hall-page'), ssr: true },
  { path: '/store', layout: 'storepage', title: '店铺大全', page: () => import('@/features/stores/store-directory-page'), ssr: true },
  // storepagesup layout: a supplier's store
  { path: '/store/:uid', layout: 'storepagesup', title: '店铺首页', page: () => import('@/features/stores/store-home-page'), ssr: true },
  { path: '/store/:uid/allProducts', layout: 'storepagesup', title: '全部产品', page: () => import('@/features/stores/store-products-page'), ssr: true },
  { path: '/store/:uid/companyProfile', layout: 'storepagesup', title: '公司简介', page: () => import('@/features/stores/store-profile-page'), ssr: true },
  { path: '/store/:uid/goods-details', layout: 'storepagesup', title: '商品详情', page: () => import('@/features/stores/store-goods-details-page'), ssr: true },
  { path: '/store/:uid/store-article', layout: 'storepagesup', title: '店铺文章', page: () => import('@/features/stores/store-article-page'), ssr: true },
  { path: '/store/:uid/store-article-theme2', layout: 'storepagesup', title: '店铺文章', page: () => import('@/features/stores/store-article-theme2-page'), ssr: true },
  { path: '/store/:uid/store-scheme', layout: 'storepagesup', title: '解决方案', page: () => import('@/features/stores/store-scheme-page'), ssr: true },
  { path: '/store/:uid/store-scheme-theme2', layout: 'storepagesup', title: '解决方案', page: () => import('@/features/stores/store-scheme-theme2-page'), ssr: true },
  { path: '/store/:uid/storeArticleDetails', layout: 'storepagesup', title: '文章详情', page: () => import('@/features/stores/store-article-details-page'), ssr: true },
  { path: '/store/:uid/talent-recruitment', layout: 'storepagesup', title: '人才招聘', page: () => import('@/features/stores/store-recruitment-page'), ssr: true },
];
