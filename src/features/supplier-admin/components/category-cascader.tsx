// Picks a platform category level by level (一级 → 二级 → 三级); only the last level is a valid choice.
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TCategoryNode } from '@contracts/catalogue';
import { categoryTreeQuery } from '../api/store';

function pathTo(tree: TCategoryNode[], id: number | null): TCategoryNode[] {
  if (!id) return [];
  for (const node of tree) {
    if (node.id === id) return [node];
    const sub = pathTo(node.children, id);
    if (sub.length) return [node, ...sub];
  }
  return [];
}

export function CategoryCascader({ value, onChange, invalid }: { value: number | null; onChange: (leafId: number | null, names: string[]) => void; invalid?: boolean }) {
  const { data: tree = [], isLoading } = useQuery(categoryTreeQuery());
  // The levels picked so far; derived from the value until the user starts choosing.
  const [picked, setPicked] = useState<number[] | null>(null);
  const chain = useMemo(() => {
    const ids = picked ?? pathTo(tree, value).map((n) => n.id);
    const nodes: TCategoryNode[] = [];
    let level = tree;
    for (const id of ids) {
      const node = level.find((n) => n.id === id);
      if (!node) break;
      nodes.push(node);
      level = node.children;
    }
    return nodes;
  }, [picked, tree, value]);

  const levels: TCategoryNode[][] = [tree];
  for (const node of chain) if (node.children.length) levels.push(node.children);

  const choose = (depth: number, id: number) => {
    const ids = [...chain.slice(0, depth).map((n) => n.id), ...(id ? [id] : [])];
    setPicked(ids);
    let level = tree;
    const nodes: TCategoryNode[] = [];
    for (const i of ids) {
      const node = level.find((n) => n.id === i);
      if (!node) break;
      nodes.push(node);
      level = node.children;
    }
    const last = nodes[nodes.length - 1];
    onChange(last && last.children.length === 0 ? last.id : null, nodes.map((n) => n.name));
  };

  const labels = ['一级分类', '二级分类', '三级分类', '四级分类'];
  return (
    <div className={`bo-cascader${invalid ? ' bo-invalid' : ''}`} data-testid="category-cascader">
      {levels.map((options, depth) => (
        <select key={depth} aria-label={labels[depth]} value={chain[depth]?.id ?? ''} onChange={(e) => choose(depth, Number(e.target.value))} disabled={isLoading}>
          <option value="">{isLoading ? '加载中…' : `请选择${labels[depth]}`}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      ))}
    </div>
  );
}
