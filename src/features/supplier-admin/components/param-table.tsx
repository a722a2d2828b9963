// The goods' parameter table: rows of name and value, added, removed, reordered, or pasted in bulk
// from a spec sheet ("名称：值" or tab-separated, one per line).
import { useState } from 'react';
import { PRODUCT_LIMITS } from '@contracts/backoffice';
import { Tooltip } from '@/components/ui/tooltip';
import type { TFieldErrors as TErrors } from '@/components/form/use-schema-form';

export type TParamRow = { key: number; name: string; value: string };
let nextKey = 1;
export const paramRow = (name = '', value = ''): TParamRow => ({ key: nextKey++, name, value });

export function parseSpecSheet(text: string): { name: string; value: string }[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const m = /^(.+?)\s*(?:\t|[:：]|\s{2,})\s*(.+)$/.exec(line);
      return m ? { name: m[1]!.trim(), value: m[2]!.trim() } : null;
    })
    .filter((r): r is { name: string; value: string } => r !== null);
}

export function ParamTable({ rows, onChange, errors }: { rows: TParamRow[]; onChange: (rows: TParamRow[]) => void; errors: TErrors }) {
  const [bulk, setBulk] = useState<string | null>(null);
  const update = (i: number, patch: Partial<TParamRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const move = (i: number, to: number) => {
    const next = [...rows];
    const [r] = next.splice(i, 1);
    next.splice(to, 0, r!);
    onChange(next);
  };
  const full = rows.length >= PRODUCT_LIMITS.params;
  return (
    <div className="bo-params" data-testid="param-table">
      <table className="bo-table bo-table-compact">
        <thead>
          <tr>
            <th style={{ width: 48 }}>序号</th>
            <th style={{ width: '34%' }}>参数名称</th>
            <th>参数值</th>
            <th style={{ width: 120 }}>操作</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.key}>
              <td className="muted">{i + 1}</td>
              <td>
                <input className={errors[`params.${i}.name`] ? 'bo-input bo-invalid' : 'bo-input'} value={r.name} maxLength={60} placeholder="如：测量范围" aria-label={`第${i + 1}行参数名称`} onChange={(e) => update(i, { name: e.target.value })} />
                {errors[`params.${i}.name`] && <p className="field-error">{errors[`params.${i}.name`]}</p>}
              </td>
              <td>
                <input className={errors[`params.${i}.value`] ? 'bo-input bo-invalid' : 'bo-input'} value={r.value} maxLength={200} placeholder="如：0-500 mg/L" aria-label={`第${i + 1}行参数值`} onChange={(e) => update(i, { value: e.target.value })} />
                {errors[`params.${i}.value`] && <p className="field-error">{errors[`params.${i}.value`]}</p>}
              </td>
              <td className="bo-row-actions">
                <Tooltip content="上移">
                  <button type="button" className="bo-icon-btn" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label="上移">
                    ↑
                  </button>
                </Tooltip>
                <Tooltip content="下移">
                  <button type="button" className="bo-icon-btn" disabled={i === rows.length - 1} onClick={() => move(i, i + 1)} aria-label="下移">
                    ↓
                  </button>
                </Tooltip>
                <Tooltip content="删除此行">
                  <button type="button" className="bo-icon-btn bo-danger-link" onClick={() => onChange(rows.filter((_, j) => j !== i))} aria-label="删除此行">
                    ✕
                  </button>
                </Tooltip>
              </td>
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={4} className="bo-table-empty">
                还没有参数。技术参数越完整，越容易被采购商搜到。
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {errors.params && <p className="field-error">{errors.params}</p>}
      <div className="bo-params-actions">
        <button type="button" className="btn" disabled={full} onClick={() => onChange([...rows, paramRow()])} data-testid="param-add">
          + 添加参数
        </button>
        <button type="button" className="btn" disabled={full} onClick={() => setBulk(bulk === null ? '' : null)}>
          批量粘贴
        </button>
        <span className="field-hint">
          {rows.length}/{PRODUCT_LIMITS.params} 项
        </span>
      </div>
      {bulk !== null && (
        <div className="bo-bulk">
          <textarea value={bulk} onChange={(e) => setBulk(e.target.value)} rows={6} placeholder={'每行一个参数，例如：\n测量范围：0-500 mg/L\n分辨率\t0.01 mg/L'} aria-label="批量粘贴参数" />
          <div className="bo-inline-actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                const parsed = parseSpecSheet(bulk);
                const room = PRODUCT_LIMITS.params - rows.length;
                onChange([...rows, ...parsed.slice(0, room).map((p) => paramRow(p.name.slice(0, 60), p.value.slice(0, 200)))]);
                setBulk(null);
              }}
            >
              识别并添加
            </button>
            <button type="button" className="btn" onClick={() => setBulk(null)}>
              取消
            </button>
            <span className="field-hint">识别到 {parseSpecSheet(bulk).length} 项</span>
          </div>
        </div>
      )}
    </div>
  );
}
