// 「服务器设置」 (desktop client): the API address in use, a connection test, and saving another
// one. An address IT set (environment or the per-machine settings file) is shown read-only. In a
// browser the site is its own server, so the page only says where this setting lives. Below it,
// 「通知设置」: desktop notifications, 免打扰 hours and staying in the tray (read-only when IT set them).
// Both are on the form mechanism with the rules main checks again before writing (contracts/desktop.ts).
import { useEffect, useState } from 'react';
import { serverSettingsInput, ZNotificationSettingsInput, type TDesktopBridge, type TNotificationSettings, type TServerCheck, type TServerSettings } from '@contracts/desktop';
import { Field } from '@/components/form/field';
import { FORM_FIELD_ATTRIBUTE, useSchemaForm } from '@/components/form/use-schema-form';
import { UnsavedChangesGuard } from '@/components/unsaved-changes';
import { message } from '@/components/ui/toast';
import '@/styles/auth.css';

export default function ServerSettingsPage() {
  const bridge = typeof window !== 'undefined' ? window.desktop : undefined;
  if (!bridge) {
    return (
      <div className="auth-card" data-testid="server-settings">
        <h1>服务器设置</h1>
        <p>此设置仅在仪采通桌面客户端中可用。</p>
      </div>
    );
  }
  return (
    // The 'other' layout (sign-in pages) has no guard of its own: a typed address asks before it is lost.
    <UnsavedChangesGuard>
      {/* One column as wide as a card, narrower on a phone (the cards never overflow a 390 px screen). */}
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 16, width: '100%', maxWidth: 440 }}>
        <ServerSettingsForm server={bridge.server} />
        {bridge.notifications?.getSettings && bridge.notifications.saveSettings && <NotificationSettingsCard notifications={bridge.notifications} />}
      </div>
    </UnsavedChangesGuard>
  );
}

const failed = (err: unknown, text: string): TServerCheck => {
  console.error('desktop settings failed', err);
  return { ok: false, message: text };
};

export function ServerSettingsForm({ server }: { server: TDesktopBridge['server'] }) {
  const [current, setCurrent] = useState<TServerSettings | null>(null);
  const [result, setResult] = useState<TServerCheck | null>(null);
  const [testing, setTesting] = useState(false);
  const allowInsecureHttp = current?.allowInsecureHttp === true;
  const form = useSchemaForm({ schema: serverSettingsInput({ allowInsecureHttp }), initial: { apiUrl: current?.apiUrl ?? '' } });

  useEffect(() => {
    void server.get().then(setCurrent);
  }, [server]);

  const test = async () => {
    // The address is checked here first: its message under the field, no request for a malformed one.
    if (!form.checkField('apiUrl')) return;
    setTesting(true);
    setResult(null);
    setResult(await server.test(form.values.apiUrl).catch((err: unknown) => failed(err, '操作失败，请稍后再试')));
    setTesting(false);
  };
  const save = form.handleSubmit(async ({ apiUrl }) => {
    setResult(null);
    const outcome = await server.save(apiUrl).catch((err: unknown) => failed(err, '操作失败，请稍后再试'));
    setResult(outcome);
    if (!outcome.ok) return;
    form.saved();
    message.success(outcome.message);
    setCurrent(await server.get());
  });
  const locked = current?.locked === true;
  const busy = testing || form.isSubmitting;

  return (
    <div className="auth-card" data-testid="server-settings">
      <h1>服务器设置</h1>
      <form onSubmit={(e) => void save(e)} onBlur={form.onBlur} noValidate>
        <Field label="服务器地址" error={form.errors.apiUrl} hint={locked ? '由管理员管理：此地址由 IT 部门统一设置，不能在此修改。' : '请填写 IT 部门提供的以 https:// 开头的地址。更换服务器后需要重新登录。'}>
          <input {...form.field('apiUrl')} disabled={locked || current === null} placeholder="https://yct.example.cn" autoComplete="off" spellCheck={false} />
        </Field>
        {result && (
          <p role="status" data-testid="server-settings-result" style={{ color: result.ok ? '#389e0d' : '#cf1322', margin: '0 0 16px', overflowWrap: 'anywhere' }}>
            {result.message}
          </p>
        )}
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <button type="button" className="btn" onClick={() => void test()} disabled={busy || current === null}>
            {testing ? '正在测试…' : '测试连接'}
          </button>
          {!locked && (
            <button type="submit" className="btn btn-primary" disabled={busy || current === null} aria-busy={form.isSubmitting || undefined}>
              {form.isSubmitting ? '正在保存…' : '保存'}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}

/** A checkbox set through `set()`: its change is the form's to report to the unsaved-changes guard. */
const BOUND = { [FORM_FIELD_ATTRIBUTE]: '' };

type TNotificationsBridge = NonNullable<TDesktopBridge['notifications']>;
type TNotificationValues = { enabled: boolean; quiet: boolean; quietStart: string; quietEnd: string; keepInTray: boolean };

const notificationValues = (s: TNotificationSettings | null): TNotificationValues => {
  const [quietStart = '22:00', quietEnd = '08:00'] = s?.quietHours ? s.quietHours.split('-') : [];
  return { enabled: s?.enabled ?? true, quiet: Boolean(s?.quietHours), quietStart, quietEnd, keepInTray: s?.keepInTray ?? false };
};

export function NotificationSettingsCard({ notifications }: { notifications: TNotificationsBridge }) {
  const [current, setCurrent] = useState<TNotificationSettings | null>(null);
  const [result, setResult] = useState<TServerCheck | null>(null);
  const form = useSchemaForm({
    schema: ZNotificationSettingsInput,
    initial: notificationValues(current),
    // The two times are one setting ("22:00-08:00"): its message shows under them.
    toPayload: (v) => ({ enabled: v.enabled, quietHours: v.quiet ? `${v.quietStart}-${v.quietEnd}` : '', keepInTray: v.keepInTray }),
  });
  const { values, set, errors } = form;

  useEffect(() => {
    void notifications.getSettings?.().then(setCurrent);
  }, [notifications]);

  const save = form.handleSubmit(async (payload) => {
    setResult(null);
    const outcome = await notifications.saveSettings!(payload).catch((err: unknown) => failed(err, '保存失败，请稍后再试'));
    setResult(outcome);
    if (!outcome.ok) return;
    form.saved();
    message.success(outcome.message);
    const next = await notifications.getSettings!();
    form.reset(notificationValues(next));
    setCurrent(next);
  });
  const locked = current?.locked === true;
  const off = locked || current === null;

  return (
    <div className="auth-card" data-testid="notification-settings" id="notifications">
      <h2>通知设置</h2>
      <form onSubmit={(e) => void save(e)} onBlur={form.onBlur} noValidate>
        <div className="field">
          <label className="checkbox">
            <input type="checkbox" name="enabled" checked={values.enabled} onChange={(e) => set('enabled', e.target.checked)} disabled={off} {...BOUND} /> 显示桌面通知（新询价、新报价、报价结果、审核结果与平台公告）
          </label>
        </div>
        <div className={`field${errors.quietHours ? ' field-invalid' : ''}`}>
          <label className="checkbox">
            <input type="checkbox" name="quiet" checked={values.quiet} onChange={(e) => set('quiet', e.target.checked)} disabled={off || !values.enabled} {...BOUND} /> 免打扰时段（期间不弹出通知，未读数照常更新）
          </label>
          {values.quiet && (
            <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: 8 }}>
              <input type="time" aria-label="免打扰开始时间" style={{ flex: '1 1 0', minWidth: 0 }} data-field="quietHours" {...form.field('quietStart')} disabled={off || !values.enabled} aria-invalid={errors.quietHours ? true : undefined} />
              <span>至</span>
              <input type="time" aria-label="免打扰结束时间" style={{ flex: '1 1 0', minWidth: 0 }} data-field="quietHours" {...form.field('quietEnd')} disabled={off || !values.enabled} aria-invalid={errors.quietHours ? true : undefined} />
            </div>
          )}
          {errors.quietHours && (
            <p className="field-error" role="alert">
              {errors.quietHours}
            </p>
          )}
        </div>
        {current?.trayApplies !== false && (
          <div className="field">
            <label className="checkbox">
              <input type="checkbox" name="keepInTray" checked={values.keepInTray} onChange={(e) => set('keepInTray', e.target.checked)} disabled={off} {...BOUND} /> 关闭所有窗口后保留在系统托盘，继续接收通知
            </label>
          </div>
        )}
        {locked && <p className="field-hint">由管理员管理：通知设置由 IT 部门统一设置，不能在此修改。</p>}
        {result && (
          <p role="status" data-testid="notification-settings-result" style={{ color: result.ok ? '#389e0d' : '#cf1322', margin: '0 0 16px' }}>
            {result.message}
          </p>
        )}
        {!locked && (
          <button type="submit" className="btn btn-primary" disabled={form.isSubmitting || current === null} aria-busy={form.isSubmitting || undefined}>
            {form.isSubmitting ? '正在保存…' : '保存通知设置'}
          </button>
        )}
      </form>
    </div>
  );
}
