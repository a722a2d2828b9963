// Chooses the brand of a product from the approved brands, searching as the supplier types.
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AppLink } from '@/components/ui/app-link';
import { brandOptionsQuery } from '../api/brands';

export function BrandPicker({ value, onChange }: { value: { id: number; name: string } | null; onChange: (brand: { id: number; name: string } | null) => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const t = window.setTimeout(() => setKeyword(text.trim()), 250);
    return () => window.clearTimeout(t);
  }, [text]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);
  const { data, isFetching } = useQuery({ ...brandOptionsQuery(keyword), enabled: open });

  return (
    <div className="bo-combo" ref={root} data-testid="brand-picker">
      <button type="button" className="bo-combo-trigger" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        {value ? value.name : <span className="muted">不选择品牌</span>}
        <i aria-hidden>▾</i>
      </button>
      {open && (
        <div className="bo-combo-panel">
          <input autoFocus placeholder="搜索品牌中文名或英文名" value={text} onChange={(e) => setText(e.target.value)} aria-label="搜索品牌" />
          <ul role="listbox">
            <li>
              <button
                type="button"
                onClick={() => {
                  onChange(null);
                  setOpen(false);
                }}
              >
                <span className="muted">不选择品牌</span>
              </button>
            </li>
            {data?.items.map((b) => (
              <li key={b.id}>
                <button
                  type="button"
                  role="option"
                  aria-selected={value?.id === b.id}
                  onClick={() => {
                    onChange({ id: b.id, name: b.name });
                    setOpen(false);
                  }}
                >
                  <strong>{b.name}</strong>
                  {b.nameEn && <span className="muted"> {b.nameEn}</span>}
                  {b.own && <span className="bo-tag bo-tag-info">自有</span>}
                </button>
              </li>
            ))}
            {!isFetching && data?.items.length === 0 && <li className="bo-combo-empty">没有找到「{keyword}」</li>}
            {isFetching && <li className="bo-combo-empty">搜索中…</li>}
          </ul>
          <div className="bo-combo-foot">
            没有找到？<AppLink to="/admin/supplier/brand">申请新品牌</AppLink>
          </div>
        </div>
      )}
    </div>
  );
}
