// Cascading category selects (three levels) over GET /api/trade/categories.
import { useQuery } from '@tanstack/react-query';
import type { TCategoryNode } from '@contracts/trade';
import { categoriesQuery } from '../api/demands-api';

/** The path from the root to `id`, or [] when unknown. */
export function categoryPath(tree: TCategoryNode[], id: number | null | undefined): TCategoryNode[] {
  if (!id) return [];
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = categoryPath(node.children, id);
    if (below.length) return [node, ...below];
  }
  return [];
}

export function CategorySelect({ value, onChange, invalid, levels = 3 }: { value: number | null; onChange: (id: number | null) => void; invalid?: boolean; levels?: number }) {
  const { data: tree = [], isLoading } = useQuery(categoriesQuery());
  const path = categoryPath(tree, value);
  const selects: { options: TCategoryNode[]; selected: TCategoryNode | undefined; parent: TCategoryNode | undefined }[] = [];
  let options = tree;
  for (let level = 0; level < levels && options.length; level++) {
    selects.push({ options, selected: path[level], parent: path[level - 1] });
    options = path[level]?.children ?? [];
    if (!path[level]) break;
  }
  const labels = ['一级分类', '二级分类', '三级分类'];
  return (
    <div className="cascade" data-testid="category-select">
      {selects.map((s, level) => (
        <select
          key={level}
          aria-label={labels[level]}
          aria-invalid={invalid || undefined}
          value={s.selected?.id ?? ''}
          disabled={isLoading}
          onChange={(e) => {
            const id = Number(e.target.value);
            onChange(id ? id : (s.parent?.id ?? null));
          }}
        >
          <option value="">{isLoading ? '加载中...' : `请选择${labels[level]}`}</option>
          {s.options.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      ))}
    </div>
  );
}
