// Every form on the form mechanism (src/components/form/use-schema-form.ts), with what it takes to
// show one of its messages: forms.registry.test.tsx renders each one, enters the invalid value,
// submits, corrects it and double-clicks submit. A file that calls useSchemaForm and is missing
// here fails that test, so a new form joins the list. It lives in app/ (the composition root)
// because it renders feature components; nothing in the app imports it.
import type { ReactElement } from 'react';
import type { TAdminPublicationDetail } from '@contracts/moderation';
import type { TAdminNotice, TAdminSupplier, TSupplierProfile } from '@contracts/backoffice';
import type { TAdminProduct } from '@contracts/moderation';
import { request } from '@/platform/http';
import { LoginForm } from '@/features/auth/login-form';
import { BasicStep, SetPassStep } from '@/features/auth/contact-steps';
import { ContactChangeModal, PasswordPanel } from '@/features/profile/profile-info-page';
import QuickInquiryPage from '@/features/demands/quick-inquiry-page';
import { DemandForm, InquiryForm } from '@/features/demands/demand-post-page';
import { UpgradeForm, UpgradeToPurchaser } from '@/features/demands/components/common';
import FeedbackPage from '@/features/feedback/feedback-page';
import { BrandFormModal } from '@/features/supplier-admin/components/brand-form-modal';
import ShopCategoryDetailPage from '@/features/supplier-admin/shop-category-detail-page';
import RecruitmentDetailPage from '@/features/supplier-admin/recruitment-detail-page';
import ArticleDetailPage from '@/features/supplier-admin/article-detail-page';
import { CompanyForm, StoreForm } from '@/features/supplier-admin/base-info-page';
import { GoodsEditor } from '@/features/supplier-admin/goods-detail-page';
import { ApplicationForm } from '@/features/supplier-admin/settle-application';
import { PublicationEditor } from '@/features/platform-admin/publication-edit-page';
import { NoticeForm } from '@/features/platform-admin/notice-manage-page';
import { TakedownForm } from '@/features/platform-admin/product-moderation-page';
import { CreateSupplierModal } from '@/features/platform-admin/supplier-user-page';
import type { TInquiryItem } from '@contracts/trade';
import { QuotationEditor } from '@/features/quotations/quotation-submit-page';
import { ZUpdateRname } from '@contracts/member';
import { SELECTION_REASON_REQUIRED, type TComparisonColumn } from '@contracts/comparison';
import { InlineEdit } from '@/features/profile/inline-edit';
import { updateRname } from '@/features/profile/profile-api';
import { TextDialog } from '@/features/inquiries/components/common';
import { replyInquiry } from '@/features/inquiries/api/inquiries-api';
import { AcceptModal, RejectModal } from '@/features/quotations/components/decide-modals';
import { RejectDemandModal } from '@/features/demands/demand-manager-page';
import { acceptQuotation, rejectQuotation } from '@/features/quotations/api/quotations-api';
import { ReviewModal } from '@/features/platform-admin/supplier-user-page';
import { ReviewApplication } from '@/features/platform-admin/settle-application-queue';
import type { TAdminApplication } from '@contracts/settle';
import { InviteByMobileForm, OrganisationForm, RulesForm } from '@/features/organisation/organisation-page';
import { ReturnDialog } from '@/features/organisation/approvals-page';
import { OrganisationReviewModal } from '@/features/organisation/organisation-review-page';
// Issue 31: the desktop settings, 产品管理's batch dialogs and 取消求购 (helper h31).
import { NotificationSettingsCard, ServerSettingsForm } from '@/pages/server-settings-page';
import { BatchCategoryModal, BatchPriceModal } from '@/features/supplier-admin/product-management-page';
import { CancelDemandModal } from '@/features/demands/demand-manager-page';
import { BATCH_STORE_CATEGORY_REQUIRED, type TSupplierProductRow } from '@contracts/backoffice';
import type { TDesktopBridge, TNotificationSettingsInput } from '@contracts/desktop';

export type TFormCase = {
  /** What a person calls the form. */
  name: string;
  /** The file that calls useSchemaForm for it. */
  file: string;
  /** The form, inside the test's QueryClient and MemoryRouter. */
  render: () => ReactElement;
  /** The button that opens the form first (an inline row's 修改). */
  open?: string;
  /** Where the router starts (search parameters some pages read). */
  path?: string;
  /** Data answered to requests whose path starts with the key (any other GET gets [], any other write an id). */
  answers?: Record<string, unknown>;
  /** The control (its name, or a CSS selector) given the invalid value, the contract's message for it and the correction. */
  field: string;
  invalid: string;
  message: string;
  valid: string;
  /** The other fields a valid submit needs (name or CSS selector → value; a contenteditable gets HTML, a file input a file of that name). */
  fill?: Record<string, string>;
  /** The submit button's accessible name. */
  submit: string | RegExp;
  /** The request a valid submit sends, "METHOD /path". */
  sends: string;
};

const send = (url: string) => (body: unknown) => request<{ ticket: string }>('post', url, body);

const profile = {
  companyName: '上海中科仪达科技有限公司',
  shortName: null,
  province: '上海市',
  city: '上海市',
  address: null,
  contactName: null,
  contactPhone: null,
  contactEmail: null,
  businessScope: null,
  founded: null,
  employees: null,
  registeredCapital: null,
  kind: 'distributor',
  status: 'approved',
  verified: true,
  version: 1,
  store: { uid: 's1', name: '中科仪达旗舰店', slogan: null, introduction: null, theme: 1, logo: null, banner: null, version: 1 },
} as unknown as TSupplierProfile;

const publication = {
  id: 7,
  title: '液相色谱方法开发要点',
  category: '技术',
  categories: ['技术'],
  summary: null,
  cover: null,
  author: null,
  source: null,
  tags: [],
  content: '<p>正文</p>',
  status: 'published',
  views: 0,
  version: 1,
} as unknown as TAdminPublicationDetail;

const inquiry = {
  id: 12,
  kind: 'product',
  subject: '电子天平 BSA224S',
  productId: 5,
  quantity: 2,
  unit: '台',
  message: '请报含税价',
  reply: null,
  repliedAt: null,
  status: 'NEW',
  createdAt: '2026-11-20T02:00:00.000Z',
  supplierId: 1,
  supplierName: '中科仪达',
  contactName: '王老师',
  contactPhone: '13812345678',
  companyName: null,
  fromQuick: false,
  quotation: null,
  answers: [],
} as unknown as TInquiryItem;

const supplierRow = { id: 3, companyName: '上海中科仪达科技有限公司', status: 'pending', version: 1 } as unknown as TAdminSupplier;
const application = {
  id: 4,
  companyName: '上海中科仪达科技有限公司',
  creditCode: '91350100M000100Y43',
  kind: 'distributor',
  province: '上海市',
  city: '浦东新区',
  address: '张江路88号',
  contactName: '王经理',
  contactPhone: '13812345678',
  contactEmail: 'sales@zkyd.cn',
  categories: ['色谱仪器'],
  brands: ['岛津'],
  licence: { id: 3, url: '/uploads/licence.png', mime: 'image/png', filename: 'licence.png' },
  status: 'pending',
  history: [],
  memberId: 8,
  memberMobile: '13812345678',
  memberName: null,
  storeUid: null,
  version: 2,
} as unknown as TAdminApplication;
const column = { quotationId: 31, supplierName: '上海谱析仪器有限公司', version: 2 } as unknown as TComparisonColumn;

const product = { id: 9, name: '高效液相色谱仪', model: 'LC-1', companyName: '中科仪达', status: 'on_sale', takedownReason: null, version: 1 } as unknown as TAdminProduct;

/** The desktop bridge as main answers it; a save goes out as a request the test counts. */
const desktopServer: TDesktopBridge['server'] = {
  get: async () => ({ apiUrl: 'https://yct.example.cn', locked: false }),
  test: async () => ({ ok: true, message: '连接成功' }),
  save: async (apiUrl) => (await request('post', '/api/test/desktop-server', { apiUrl }), { ok: true, message: '已保存' }),
};
const desktopNotifications: NonNullable<TDesktopBridge['notifications']> = {
  onEvent: () => () => {},
  getSettings: async () => ({ enabled: true, quietHours: '22:00-08:00', keepInTray: true, locked: false, trayApplies: true }),
  saveSettings: async (settings: TNotificationSettingsInput) => (await request('post', '/api/test/desktop-notifications', settings), { ok: true, message: '通知设置已保存' }),
};
const goodsRows = [
  { id: 9, name: '高效液相色谱仪', price: 258000, status: 'on_sale', version: 1 },
  { id: 10, name: '电子天平', price: null, status: 'on_sale', version: 1 },
] as unknown as TSupplierProductRow[];
/** 批量改价's 统一改为: each refused price with the contract's message (ZPrice) or the typed-text rule. */
const batchPriceCase = (invalid: string, message: string): TFormCase => ({
  name: `批量改价（统一价格 ${invalid}）`,
  file: 'src/features/supplier-admin/product-management-page.tsx',
  render: () => <BatchPriceModal rows={goodsRows} onClose={() => {}} onDone={() => {}} />,
  field: 'price',
  invalid,
  message,
  valid: '12800',
  submit: '确认改价',
  sends: 'PUT /api/supplier/products/batch/price',
});

export const FORMS: TFormCase[] = [
  {
    name: '登录（账号密码）',
    file: 'src/features/auth/login-form.tsx',
    render: () => <LoginForm />,
    field: 'phoneOrEmail',
    invalid: 'ab',
    message: '请输入有效的手机号、邮箱地址或账号名',
    valid: '13812345678',
    fill: { password: 'abcdefgh' },
    submit: '登录',
    sends: 'POST /auth/member/login',
  },
  {
    name: '注册/找回密码：验证手机号',
    file: 'src/features/auth/contact-steps.tsx',
    render: () => <BasicStep purpose="register" submitLabel="下一步" onVerify={send('/api/test/verify')} />,
    field: 'mobile',
    invalid: '1381',
    message: '请输入有效的手机号',
    valid: '13812345678',
    fill: { code: '1234' },
    submit: '下一步',
    sends: 'POST /api/test/verify',
  },
  {
    name: '注册/找回密码：设置密码',
    file: 'src/features/auth/contact-steps.tsx',
    render: () => <SetPassStep submitLabel="完成注册" onSubmit={async (password) => void (await send('/api/test/password')({ password }))} />,
    field: 'password',
    invalid: 'abc',
    message: '密码至少需要8个字符',
    valid: 'abcdefgh',
    fill: { confirmPassword: 'abcdefgh' },
    submit: '完成注册',
    sends: 'POST /api/test/password',
  },
  {
    name: '修改登录密码',
    file: 'src/features/profile/profile-info-page.tsx',
    render: () => <PasswordPanel hasPassword />,
    field: 'oldPassword',
    invalid: '',
    message: '原密码不能为空',
    valid: 'oldpass12',
    fill: { password: 'abcdefgh', confirmPassword: 'abcdefgh' },
    submit: '保存密码',
    sends: 'PUT /api/member/updatePwd',
  },
  {
    name: '绑定手机号',
    file: 'src/features/profile/profile-info-page.tsx',
    render: () => <ContactChangeModal channel="sms" current={null} onClose={() => {}} />,
    field: 'target',
    invalid: '1381',
    message: '请输入有效的手机号',
    valid: '13812345678',
    fill: { code: '1234' },
    submit: '确认绑定',
    sends: 'PUT /api/member/updateMobile',
  },
  {
    name: '个人资料：升级为采购商',
    file: 'src/features/demands/components/common.tsx',
    render: () => <UpgradeForm />,
    field: 'companyName',
    invalid: '',
    message: '公司名称不能为空',
    valid: '华东理工大学分析测试中心',
    submit: '升级为采购商',
    sends: 'PUT /api/member/toPurchaser',
  },
  {
    name: '快速询价',
    file: 'src/features/demands/quick-inquiry-page.tsx',
    render: () => <QuickInquiryPage />,
    field: 'subject',
    invalid: '色',
    message: '请填写需要采购的仪器（至少2个字）',
    valid: '气相色谱仪',
    fill: { contactName: '王老师', mobile: '13812345678', code: '1234' },
    submit: '立即询价',
    sends: 'POST /api/inquiries/quick',
  },
  {
    name: '发布求购',
    file: 'src/features/demands/demand-post-page.tsx',
    render: () => <DemandForm />,
    answers: { '/api/trade/categories': [{ id: 21, parentId: 0, name: '色谱仪器', children: [] }] },
    field: 'title',
    invalid: '采购',
    message: '求购标题至少4个字',
    valid: '采购气相色谱仪2台',
    fill: {
      '[data-testid="category-select"] select': '21',
      'select[aria-label="省份"]': '上海市',
      contactName: '王老师',
      contactPhone: '13812345678',
    },
    submit: '提交发布',
    sends: 'POST /api/demands',
  },
  {
    name: '询价（商品）',
    file: 'src/features/demands/demand-post-page.tsx',
    render: () => <InquiryForm productId={5} />,
    answers: { '/api/trade/products/5/summary': { id: 5, name: '电子天平', model: null, unit: '台', price: null, brandName: null, supplier: { companyName: '中科仪达', storeUid: null } } },
    field: 'contactPhone',
    invalid: '12',
    message: '请输入有效的手机号或座机号码',
    valid: '13812345678',
    fill: { contactName: '王老师' },
    submit: '发送询价',
    sends: 'POST /api/inquiries',
  },
  {
    name: '升级为采购商',
    file: 'src/features/demands/components/common.tsx',
    render: () => <UpgradeToPurchaser />,
    field: 'companyName',
    invalid: '华',
    message: '公司名称至少2个字符',
    valid: '华东理工大学',
    submit: '升级为采购商',
    sends: 'PUT /api/member/toPurchaser',
  },
  {
    name: '意见反馈',
    file: 'src/features/feedback/feedback-page.tsx',
    render: () => <FeedbackPage />,
    field: 'content',
    invalid: '太慢',
    message: '反馈内容至少需要10个字',
    valid: '搜索结果页面加载太慢，希望改进一下',
    fill: { '[name="kind"][value="bug"]': 'on' },
    submit: '提交反馈',
    sends: 'POST /api/feedback',
  },
  {
    name: '申请新品牌',
    file: 'src/features/supplier-admin/components/brand-form-modal.tsx',
    render: () => <BrandFormModal onClose={() => {}} onDone={() => {}} />,
    field: 'brandName',
    invalid: '',
    message: '品牌名称不能为空',
    valid: '中科仪达',
    submit: '提交审核',
    sends: 'POST /api/supplier/brand-applications',
  },
  {
    name: '店铺分类',
    file: 'src/features/supplier-admin/shop-category-detail-page.tsx',
    render: () => <ShopCategoryDetailPage />,
    field: 'name',
    invalid: '',
    message: '分类名称不能为空',
    valid: '液相色谱仪',
    submit: '保存',
    sends: 'POST /api/supplier/store-categories',
  },
  {
    name: '发布职位',
    file: 'src/features/supplier-admin/recruitment-detail-page.tsx',
    render: () => <RecruitmentDetailPage />,
    field: 'title',
    invalid: '工',
    message: '职位名称至少需要2个字符',
    valid: '液相色谱应用工程师',
    fill: { '[data-testid="position-description"] [contenteditable]': '<p>负责液相色谱的方法开发与客户培训。</p>' },
    submit: '保存',
    sends: 'POST /api/supplier/recruitments',
  },
  {
    name: '写文章',
    file: 'src/features/supplier-admin/article-detail-page.tsx',
    render: () => <ArticleDetailPage />,
    field: 'title',
    invalid: '离',
    message: '标题至少需要2个字符',
    valid: '如何选择离心机',
    fill: { '[data-testid="article-content"] [contenteditable]': '<p>先看转速与容量。</p>' },
    submit: '发布',
    sends: 'POST /api/supplier/articles',
  },
  {
    name: '企业资料',
    file: 'src/features/supplier-admin/base-info-page.tsx',
    render: () => <CompanyForm profile={profile} refetch={async () => profile} />,
    field: 'contactEmail',
    invalid: 'sales@',
    message: '请输入有效的邮箱地址',
    valid: 'sales@zkyd.cn',
    submit: '保存企业资料',
    sends: 'PUT /api/supplier/company',
  },
  {
    name: '店铺设置',
    file: 'src/features/supplier-admin/base-info-page.tsx',
    render: () => <StoreForm profile={profile} refetch={async () => profile} />,
    field: 'storeName',
    invalid: '店',
    message: '店铺名称至少需要2个字符',
    valid: '中科仪达旗舰店',
    submit: '保存店铺设置',
    sends: 'PUT /api/supplier/store',
  },
  {
    name: '发布商品',
    file: 'src/features/supplier-admin/goods-detail-page.tsx',
    render: () => <GoodsEditor product={null} />,
    answers: { '/api/categories': [{ id: 11, parentId: 0, name: '色谱仪器', children: [] }] },
    field: 'price',
    invalid: '',
    message: '请填写价格，或勾选“面议”',
    valid: '128000',
    fill: { name: '岛津 LC-2050C 高效液相色谱仪', 'select[aria-label="一级分类"]': '11' },
    submit: '发布商品',
    sends: 'POST /api/supplier/products',
  },
  {
    name: '供应商入驻申请',
    file: 'src/features/supplier-admin/settle-application.tsx',
    render: () => <ApplicationForm application={null} />,
    answers: {
      '/api/settle/licence': { id: 3, url: '/uploads/licence.png', mime: 'image/png', filename: 'licence.png' },
    },
    field: 'creditCode',
    invalid: '91350100M000100Y44',
    message: '统一社会信用代码校验位不正确，请核对营业执照',
    valid: '91350100M000100Y43',
    fill: {
      companyName: '上海中科仪达科技有限公司',
      kind: 'distributor',
      'select[aria-label="省份"]': '上海市',
      'select[aria-label="城市"]': '浦东新区',
      address: '浦东新区张江路88号',
      licence: 'licence.png',
      contactName: '王经理',
      contactPhone: '13812345678',
      contactEmail: 'sales@zkyd.cn',
      categories: '色谱仪器',
      brands: '岛津',
      agreed: 'on',
    },
    submit: '提交申请',
    sends: 'POST /api/settle/application',
  },
  {
    name: '编辑资讯',
    file: 'src/features/platform-admin/publication-edit-page.tsx',
    render: () => <PublicationEditor kind="news" item={publication} />,
    field: 'title',
    invalid: '液相',
    message: '标题至少需要4个字符',
    valid: '液相色谱方法开发',
    submit: '保存',
    sends: 'PUT /api/admin/publications/news/7',
  },
  {
    name: '发布公告',
    file: 'src/features/platform-admin/notice-manage-page.tsx',
    render: () => <NoticeForm notice={null as TAdminNotice | null} onClose={() => {}} onDone={() => {}} />,
    field: 'link',
    invalid: 'about',
    message: '链接须以 / 或 http(s):// 开头',
    valid: '/about',
    fill: { title: '春节服务安排', content: '春节期间客服照常在线。' },
    submit: '发布',
    sends: 'POST /api/admin/notices',
  },
  {
    name: '下架商品',
    file: 'src/features/platform-admin/product-moderation-page.tsx',
    render: () => <TakedownForm product={product} onClose={() => {}} onDone={() => {}} reloadRow={async () => product} />,
    field: 'reason',
    invalid: '图片',
    message: '下架原因至少需要4个字符',
    valid: '商品图片与实物不符',
    submit: '确认下架',
    sends: 'PUT /api/admin/products/9/takedown',
  },
  {
    name: '开通供应商店铺',
    file: 'src/features/platform-admin/supplier-user-page.tsx',
    render: () => <CreateSupplierModal memberId="" onClose={() => {}} onDone={() => {}} />,
    field: 'member',
    invalid: 'abc',
    message: '请输入会员编号或11位手机号',
    valid: '13800000005',
    fill: { companyName: '上海中科仪达科技有限公司' },
    submit: '开通',
    sends: 'POST /api/admin/suppliers',
  },
  {
    name: '提交报价（报价明细的单价）',
    file: 'src/features/quotations/quotation-submit-page.tsx',
    render: () => <QuotationEditor inquiry={inquiry} existing={null} />,
    field: 'unitPrice-0',
    invalid: '0.004',
    message: '单价最多保留两位小数',
    valid: '12800',
    fill: { 'brand-0': '赛多利斯', 'model-0': 'BSA224S' },
    submit: '提交报价',
    sends: 'POST /api/quotations',
  },
  {
    name: '提交报价（报价明细的数量）',
    file: 'src/features/quotations/quotation-submit-page.tsx',
    render: () => <QuotationEditor inquiry={inquiry} existing={null} />,
    field: 'quantity-0',
    invalid: '0',
    message: '数量至少为1',
    valid: '2',
    fill: { 'brand-0': '赛多利斯', 'model-0': 'BSA224S', 'unitPrice-0': '12800' },
    submit: '提交报价',
    sends: 'POST /api/quotations',
  },
  {
    name: '个人资料：真实姓名（行内修改）',
    file: 'src/features/profile/inline-edit.tsx',
    render: () => <InlineEdit label="真实姓名" name="realName" schema={ZUpdateRname} value={null} placeholder="请输入真实姓名" maxLength={20} save={updateRname} />,
    open: '修改',
    field: 'realName',
    invalid: 'Wang 1',
    message: '真实姓名只能包含中文或英文字母',
    valid: '王小明',
    submit: '保存',
    sends: 'PUT /api/member/updateRname',
  },
  {
    name: '回复询价',
    file: 'src/features/inquiries/components/common.tsx',
    render: () => <TextDialog title="回复询价" placeholder="请输入回复内容" confirmText="发送回复" onClose={() => {}} send={(text) => replyInquiry(12, text)} />,
    field: 'reply',
    invalid: '好',
    message: '回复内容至少2个字',
    valid: '含税价12800元，现货',
    submit: '发送回复',
    sends: 'POST /api/inquiries/12/reply',
  },
  {
    name: '接受报价（不是最低价时的选定理由）',
    file: 'src/features/quotations/components/decide-modals.tsx',
    render: () => (
      <AcceptModal
        column={{ ...column, lowestPrice: false, unitPrice: 262_000, comparableTotal: 262_000, quantity: 1 }}
        lowest={null}
        demandQuantity={1}
        unit="台"
        busy={false}
        serverError={null}
        onClose={() => {}}
        onConfirm={(reason) => acceptQuotation(column.quotationId, column.version, reason)}
      />
    ),
    field: 'reason',
    invalid: '交期短',
    message: SELECTION_REASON_REQUIRED,
    valid: '交货期最短，能赶上实验室验收节点',
    submit: '确定接受',
    sends: 'POST /api/quotations/31/accept',
  },
  {
    name: '拒绝报价（原因）',
    file: 'src/features/quotations/components/decide-modals.tsx',
    render: () => <RejectModal column={column} busy={false} onClose={() => {}} onConfirm={(reason) => rejectQuotation(column.quotationId, column.version, reason)} />,
    field: 'reason',
    invalid: '贵',
    message: '原因至少2个字',
    valid: '价格超出预算',
    submit: '确定拒绝',
    sends: 'POST /api/quotations/31/reject',
  },
  {
    name: '驳回求购（平台管理员，原因）',
    file: 'src/features/demands/demand-manager-page.tsx',
    render: () => <RejectDemandModal demand={{ id: 41, title: '采购气相色谱仪2台' }} onClose={() => {}} onDone={() => {}} />,
    field: 'reason',
    invalid: '违',
    message: '原因至少2个字',
    valid: '联系方式写在了需求描述中',
    submit: '确定',
    sends: 'POST /api/admin/demands/41/reject',
  },
  {
    name: '驳回供应商入驻（审核意见）',
    file: 'src/features/platform-admin/supplier-user-page.tsx',
    render: () => <ReviewModal review={{ kind: 'supplier', row: supplierRow, status: 'rejected' }} onClose={() => {}} onDone={() => {}} />,
    field: 'note',
    invalid: ' ',
    message: '驳回时请填写审核意见',
    valid: '营业执照已过期，请更新后重新提交',
    submit: '确认驳回',
    sends: 'PUT /api/admin/suppliers/3/status',
  },
  // 采购单位 (issue 38).
  {
    name: '创建采购单位',
    file: 'src/features/organisation/organisation-page.tsx',
    render: () => <OrganisationForm submitLabel="创建采购单位" onSaved={() => {}} />,
    field: 'code',
    invalid: '91310115MA1K3YJ12X',
    message: '统一社会信用代码校验位不正确，请核对营业执照',
    valid: '123100004250061179',
    fill: { name: '华东理工大学分析测试中心' },
    submit: '创建采购单位',
    sends: 'POST /api/organisation',
  },
  {
    name: '短信邀请成员',
    file: 'src/features/organisation/organisation-page.tsx',
    render: () => <InviteByMobileForm onSent={() => {}} />,
    field: 'mobile',
    invalid: '1380000',
    message: '请输入正确的11位手机号',
    valid: '13800000005',
    submit: '发送短信邀请',
    sends: 'POST /api/organisation/invitations',
  },
  {
    name: '采购单位审批规则',
    file: 'src/features/organisation/organisation-page.tsx',
    render: () => <RulesForm rules={{ publishApproval: true, awardApproval: false, twoLevelAbove: 50000 }} onSaved={() => {}} />,
    field: 'twoLevelAbove',
    invalid: '-1',
    message: '金额不能为负数',
    valid: '80000',
    submit: '保存审批规则',
    sends: 'PUT /api/organisation/rules',
  },
  {
    name: '退回求购（单位审批）',
    file: 'src/features/organisation/approvals-page.tsx',
    render: () => <ReturnDialog item={{ demandId: 7, title: '采购气相色谱仪2台' }} onClose={() => {}} onDone={() => {}} />,
    field: 'reason',
    invalid: '贵',
    message: '退回原因至少2个字',
    valid: '预算超出课题经费，请改为1台',
    submit: '确认退回',
    sends: 'POST /api/organisation/approvals/7/return',
  },
  {
    name: '驳回采购单位（审核意见）',
    file: 'src/features/organisation/organisation-review-page.tsx',
    render: () => <OrganisationReviewModal row={{ id: 4, name: '华东理工大学分析测试中心', code: '123100004250061179' }} decision="reject" onClose={() => {}} onDone={() => {}} />,
    field: 'note',
    invalid: ' ',
    message: '驳回时请填写驳回原因',
    valid: '单位名称与信用代码不符',
    submit: '确认驳回',
    sends: 'PUT /api/admin/organisations/4',
  },
  {
    name: '驳回入驻申请（审核意见）',
    file: 'src/features/platform-admin/settle-application-queue.tsx',
    render: () => <ReviewApplication application={application} onClose={() => {}} />,
    field: 'note',
    invalid: '',
    message: '驳回时请填写驳回原因',
    valid: '营业执照照片不清晰，请重新上传',
    submit: '驳回',
    sends: 'PUT /api/admin/settle-applications/4',
  },
  // Issue 31, the last forms (helper h31).
  {
    name: '服务器设置（桌面客户端）',
    file: 'src/pages/server-settings-page.tsx',
    render: () => <ServerSettingsForm server={desktopServer} />,
    field: 'apiUrl',
    invalid: 'http://yct.example.cn',
    message: '服务器地址必须使用 https://（http:// 只允许本机地址 127.0.0.1 或 localhost）',
    valid: 'https://yct2.example.cn',
    submit: '保存',
    sends: 'POST /api/test/desktop-server',
  },
  {
    name: '通知设置（桌面客户端，免打扰时段）',
    file: 'src/pages/server-settings-page.tsx',
    render: () => <NotificationSettingsCard notifications={desktopNotifications} />,
    field: 'quietEnd',
    invalid: '22:00',
    message: '免打扰的开始时间和结束时间不能相同',
    valid: '07:30',
    submit: '保存通知设置',
    sends: 'POST /api/test/desktop-notifications',
  },
  batchPriceCase('0', '价格必须大于0'),
  batchPriceCase('-5', '价格必须大于0'),
  batchPriceCase('８', '请用半角数字填写价格'),
  batchPriceCase('258000.999', '价格最多保留两位小数'),
  {
    name: '批量改价（按比例）',
    file: 'src/features/supplier-admin/product-management-page.tsx',
    render: () => <BatchPriceModal rows={goodsRows} onClose={() => {}} onDone={() => {}} />,
    field: 'percent',
    invalid: '0',
    message: '调价比例不能为0',
    valid: '5.5',
    submit: '确认改价',
    sends: 'PUT /api/supplier/products/batch/price',
  },
  {
    name: '批量设置店铺分类',
    file: 'src/features/supplier-admin/product-management-page.tsx',
    render: () => <BatchCategoryModal ids={[9, 10]} onClose={() => {}} onDone={() => {}} />,
    field: 'storeCategoryId',
    invalid: '',
    message: BATCH_STORE_CATEGORY_REQUIRED,
    valid: 'none',
    submit: '确定',
    sends: 'PUT /api/supplier/products/batch/store-category',
  },
  {
    name: '取消求购（取消原因）',
    file: 'src/features/demands/demand-manager-page.tsx',
    render: () => <CancelDemandModal demand={{ id: 41, title: '采购气相色谱仪2台' }} onClose={() => {}} onDone={() => {}} />,
    field: 'note',
    invalid: '预算调整'.repeat(51),
    message: '取消原因不能超过200个字',
    valid: '预算调整，暂缓采购',
    submit: '确定',
    sends: 'POST /api/demands/41/cancel',
  },
];
