// The dry run of a goods file, row by row: 新增 / 更新 (each changed field, old → new) / 无变化 /
// 错误 (each problem by column), filtered by outcome and paged; what the supplier confirms is this.
import { useMemo, useState } from 'react';
import { GOODS_IMPORT_ACTIONS, type TGoodsImportAction, type TGoodsImportCheck, type TGoodsImportProblem } from '@contracts/goods-excel';

const PAGE = 50;
type TFilter = 'all' | TGoodsImportAction;
const FILTERS: TFilter[] = ['all', 'update', 'create', 'same', 'error'];
const shown = (v: string) => (v === '' ? '（空）' : v);

export function GoodsImportPreview({ check }: { check: TGoodsImportCheck }) {
  const [filter, setFilter] = useState<TFilter>(check.errorRows ? 'error' : check.updates ? 'update' : 'all');
  const [page, setPage] = useState(1);
  const problemsByRow = useMemo(() => {
    const map = new Map<number, TGoodsImportProblem[]>();
    for (const p of check.problems) map.set(p.row, [...(map.get(p.row) ?? []), p]);
    return map;
  }, [check.problems]);
  const counts: Record<TFilter, number> = { all: check.items.length, create: check.creates, update: check.updates, same: check.unchanged, error: check.errorRows };
  const rows = filter === 'all' ? check.items : check.items.filter((i) => i.action === filter);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  const at = Math.min(page, pages);
  const visible = rows.slice((at - 1) * PAGE, at * PAGE);
  const choose = (f: TFilter) => {
    setFilter(f);
    setPage(1);
  };

  return (
    <div className="gx-preview">
      <div className="bo-segmented gx-filter" role="radiogroup" aria-label="按结果筛选">
        {FILTERS.map((f) => (
          <button key={f} type="button" role="radio" aria-checked={filter === f} className={filter === f ? 'active' : ''} onClick={() => choose(f)} data-testid={`goods-import-filter-${f}`}>
            {f === 'all' ? '全部' : GOODS_IMPORT_ACTIONS[f]} {counts[f]}
          </button>
        ))}
      </div>
      <div className="gx-rows-box">
        <table className="bo-table bo-table-compact gx-rows">
          <thead>
            <tr>
              <th>行</th>
              <th>货号 / 商品</th>
              <th>结果</th>
              <th>变化 / 问题</th>
            </tr>
          </thead>
          <tbody>
            {visible.map((item) => (
              <tr key={item.row} data-testid="goods-import-row" data-action={item.action}>
                <td className="gx-row-no">第 {item.row} 行</td>
                <td className="gx-row-goods">
                  <strong>{item.sku || (item.productId ? `商品ID ${item.productId}` : '—')}</strong>
                  {item.name && <span className="muted">{item.name}</span>}
                </td>
                <td>
                  <span className={`gx-action gx-action-${item.action}`}>{GOODS_IMPORT_ACTIONS[item.action]}</span>
                </td>
                <td>
                  {item.action === 'update' && (
                    <ul className="gx-changes">
                      {item.changes.map((c) => (
                        <li key={c.column} data-testid="goods-import-change">
                          <span className="gx-change-col">{c.column}</span>
                          <del>{shown(c.from)}</del>
                          <span className="gx-arrow"> → </span>
                          <ins>{shown(c.to)}</ins>
                        </li>
                      ))}
                    </ul>
                  )}
                  {item.action === 'create' && <span className="muted">新商品</span>}
                  {item.action === 'same' && <span className="muted">与店铺中一致，不会改动</span>}
                  {item.action === 'error' && (
                    <ul className="gx-changes gx-row-problems">
                      {(problemsByRow.get(item.row) ?? []).map((p, i) => (
                        <li key={i} data-testid="goods-import-problem">
                          <span className="gx-change-col">{p.column}</span>
                          {p.message}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
            {!visible.length && (
              <tr>
                <td colSpan={4} className="bo-table-empty">
                  没有{filter === 'all' ? '' : GOODS_IMPORT_ACTIONS[filter]}的行
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <div className="gx-pager">
          <button type="button" className="btn" disabled={at <= 1} onClick={() => setPage(at - 1)}>
            上一页
          </button>
          <span className="muted">
            第 {at} / {pages} 页，共 {rows.length} 行
          </span>
          <button type="button" className="btn" disabled={at >= pages} onClick={() => setPage(at + 1)}>
            下一页
          </button>
        </div>
      )}
    </div>
  );
}
