// The demand's parameter table: rows of (parameter, requirement) added and removed by the purchaser.
import type { TParamRow } from '@contracts/trade';

const SUGGESTED = ['品牌要求', '型号/规格', '检测器', '测量范围', '精度', '工作温度', '电源', '配件要求', '安装培训', '售后服务'];

export function ParamEditor({ rows, onChange, errors }: { rows: TParamRow[]; onChange: (rows: TParamRow[]) => void; errors: Record<string, string> }) {
  const set = (i: number, patch: Partial<TParamRow>) => onChange(rows.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  const unused = SUGGESTED.filter((s) => !rows.some((r) => r.name === s)).slice(0, 6);
  return (
    <div className="param-editor" data-testid="param-editor">
      <table className="trade-table param-table">
        <thead>
          <tr>
            <th style={{ width: '34%' }}>参数名称</th>
            <th>参数要求</th>
            <th style={{ width: 72 }}>操作</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={3} className="muted center">
                暂无参数，添加参数要求可以让供应商逐项响应、便于比价
              </td>
            </tr>
          )}
          {rows.map((r, i) => (
            <tr key={i}>
              <td>
                <input aria-label={`参数名称${i + 1}`} value={r.name} maxLength={30} placeholder="如：检测器" aria-invalid={errors[`params.${i}.name`] ? true : undefined} onChange={(e) => set(i, { name: e.target.value })} />
                {errors[`params.${i}.name`] && <p className="field-error">{errors[`params.${i}.name`]}</p>}
              </td>
              <td>
                <input aria-label={`参数要求${i + 1}`} value={r.value} maxLength={100} placeholder="如：FID，灵敏度≤1.5pgC/s" onChange={(e) => set(i, { value: e.target.value })} />
              </td>
              <td>
                <button type="button" className="link-button danger" onClick={() => onChange(rows.filter((_, k) => k !== i))}>
                  删除
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="param-actions">
        <button type="button" className="btn btn-sm" disabled={rows.length >= 30} onClick={() => onChange([...rows, { name: '', value: '' }])} data-testid="add-param">
          ＋ 添加参数
        </button>
        {unused.length > 0 && <span className="muted">常用：</span>}
        {unused.map((s) => (
          <button key={s} type="button" className="chip" disabled={rows.length >= 30} onClick={() => onChange([...rows, { name: s, value: '' }])}>
            {s}
          </button>
        ))}
      </div>
    </div>
  );
}
