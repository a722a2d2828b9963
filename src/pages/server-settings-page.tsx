// 「服务器设置」 (desktop client): the API address in use, a connection test, and saving another
// one. An address IT set (environment or the per-machine settings file) is shown read-only. In a
// browser the site is its own server, so the page only says where this setting lives.
import { useEffect, useState, type FormEvent } from 'react';
import type { TServerCheck, TServerSettings } from '@contracts/desktop';
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
  );
}
