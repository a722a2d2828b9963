// 「服务器设置」 (desktop client): the API address in use, a connection test, and saving another
// one. An address IT set (environment or the per-machine settings file) is shown read-only. In a
// browser the site is its own server, so the page only says where this setting lives. Below it,
// 「通知设置」: desktop notifications, 免打扰 hours and staying in the tray (read-only when IT set them).
import { useEffect, useState, type FormEvent } from 'react';
import type { TDesktopBridge, TNotificationSettings, TServerCheck, TServerSettings } from '@contracts/desktop';
import { message } from '@/components/ui/toast';
import '@/styles/auth.css';

export default function ServerSettingsPage() {
  const bridge = typeof window !== 'undefined' ? window.desktop : undefined;
  const [current, setCurrent] = useState<TServerSettings | null>(null);
  const [value, setValue] = useState('');
  const [result, setResult] = useState<TServerCheck | null>(null);
  const [busy, setBusy] = useState<'test' | 'save' | null>(null);

  useEffect(() => {
    if (!bridge) return;
    void bridge.server.get().then((s) => {
      setCurrent(s);
      setValue(s.apiUrl);
    });
  }, [bridge]);

  if (!bridge) {
    return (
      <div className="auth-card" data-testid="server-settings">
        <h1>服务器设置</h1>
        <p>此设置仅在仪采通桌面客户端中可用。</p>
      </div>
    );
  }

  const run = async (kind: 'test' | 'save') => {
    setBusy(kind);
    setResult(null);
    try {
      const outcome = kind === 'test' ? await bridge.server.test(value) : await bridge.server.save(value);
      setResult(outcome);
      if (kind === 'save' && outcome.ok) {
        message.success(outcome.message);
        setCurrent(await bridge.server.get());
      }
    } catch (err) {
      console.error('server settings failed', err);
      setResult({ ok: false, message: '操作失败，请稍后再试' });
    } finally {
      setBusy(null);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run('save');
  };
  const locked = current?.locked === true;

  return (
    <div style={{ display: 'grid', gap: 16, justifyItems: 'center' }}>
      <div className="auth-card" data-testid="server-settings">
        <h1>服务器设置</h1>
        <form onSubmit={submit} noValidate>
          <div className="field">
            <label className="field-label" htmlFor="server-api-url">
              服务器地址
            </label>
            <input
              id="server-api-url"
              name="apiUrl"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              disabled={locked || current === null}
              placeholder="https://yct.example.cn"
              autoComplete="off"
              spellCheck={false}
            />
            <p className="field-hint">{locked ? '由管理员管理：此地址由 IT 部门统一设置，不能在此修改。' : '请填写 IT 部门提供的以 https:// 开头的地址。更换服务器后需要重新登录。'}</p>
          </div>
          {result && (
            <p role="status" data-testid="server-settings-result" style={{ color: result.ok ? '#389e0d' : '#cf1322', margin: '0 0 16px' }}>
              {result.message}
            </p>
          )}
          <div style={{ display: 'flex', gap: 12 }}>
            <button type="button" className="btn" onClick={() => void run('test')} disabled={busy !== null || value.trim() === ''}>
              {busy === 'test' ? '正在测试…' : '测试连接'}
            </button>
            {!locked && (
              <button type="submit" className="btn btn-primary" disabled={busy !== null || value.trim() === '' || current === null}>
                {busy === 'save' ? '正在保存…' : '保存'}
              </button>
            )}
          </div>
        </form>
      </div>
      {bridge.notifications?.getSettings && bridge.notifications.saveSettings && <NotificationSettingsCard notifications={bridge.notifications} />}
    </div>
  );
}

type TNotificationsBridge = NonNullable<TDesktopBridge['notifications']>;

function NotificationSettingsCard({ notifications }: { notifications: TNotificationsBridge }) {
  const [current, setCurrent] = useState<TNotificationSettings | null>(null);
  const [enabled, setEnabled] = useState(true);
  const [quiet, setQuiet] = useState(false);
  const [start, setStart] = useState('22:00');
  const [end, setEnd] = useState('08:00');
  const [keepInTray, setKeepInTray] = useState(false);
  const [result, setResult] = useState<TServerCheck | null>(null);
  const [busy, setBusy] = useState(false);

  const show = (s: TNotificationSettings) => {
    setCurrent(s);
    setEnabled(s.enabled);
    setQuiet(s.quietHours !== '');
    if (s.quietHours) {
      const [from = '22:00', to = '08:00'] = s.quietHours.split('-');
      setStart(from);
      setEnd(to);
    }
    setKeepInTray(s.keepInTray);
  };
  useEffect(() => {
    void notifications.getSettings?.().then(show);
  }, [notifications]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      const outcome = await notifications.saveSettings!({ enabled, quietHours: quiet ? `${start}-${end}` : '', keepInTray });
      setResult(outcome);
      if (outcome.ok) {
        message.success(outcome.message);
        show(await notifications.getSettings!());
      }
    } catch (err) {
      console.error('notification settings failed', err);
      setResult({ ok: false, message: '保存失败，请稍后再试' });
    } finally {
      setBusy(false);
    }
  };
  const locked = current?.locked === true;
  const off = locked || current === null;

  return (
    <div className="auth-card" data-testid="notification-settings" id="notifications">
      <h2>通知设置</h2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label className="checkbox">
            <input type="checkbox" name="enabled" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} disabled={off} /> 显示桌面通知（新询价、新报价、报价结果、审核结果与平台公告）
          </label>
        </div>
        <div className="field">
          <label className="checkbox">
            <input type="checkbox" name="quiet" checked={quiet} onChange={(e) => setQuiet(e.target.checked)} disabled={off || !enabled} /> 免打扰时段（期间不弹出通知，未读数照常更新）
          </label>
          {quiet && (
            <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: 8 }}>
              <input type="time" aria-label="免打扰开始时间" name="quietStart" value={start} onChange={(e) => setStart(e.target.value)} disabled={off || !enabled} required />
              <span>至</span>
              <input type="time" aria-label="免打扰结束时间" name="quietEnd" value={end} onChange={(e) => setEnd(e.target.value)} disabled={off || !enabled} required />
            </div>
          )}
        </div>
        {current?.trayApplies !== false && (
          <div className="field">
            <label className="checkbox">
              <input type="checkbox" name="keepInTray" checked={keepInTray} onChange={(e) => setKeepInTray(e.target.checked)} disabled={off} /> 关闭所有窗口后保留在系统托盘，继续接收通知
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
          <button type="submit" className="btn btn-primary" disabled={busy || current === null}>
            {busy ? '正在保存…' : '保存通知设置'}
          </button>
        )}
      </form>
    </div>
  );
}
