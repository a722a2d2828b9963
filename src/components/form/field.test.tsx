// A field's label names its control, given directly or inside a wrapper; hint and error describe it.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';

describe('Field', () => {
  it('names a control given directly and describes it with the error', () => {
    render(
      <Field label="产品分类" error="请选择分类">
        <select name="categoryId">
          <option value="">不确定</option>
        </select>
      </Field>,
    );
    expect(screen.getByRole('combobox', { name: '产品分类' })).toHaveAccessibleDescription('请选择分类');
  });
  it('names the first unnamed control in a wrapper and leaves a named one alone', () => {
    render(
      <Field label="采购数量 *" hint="整数">
        <div className="input-group">
          <input name="quantity" type="number" />
          <select aria-label="单位">
            <option>台</option>
          </select>
        </div>
      </Field>,
    );
    expect(screen.getByRole('spinbutton', { name: '采购数量 *' })).toHaveAccessibleDescription('整数');
    expect(screen.getByRole('combobox', { name: '单位' })).toBeInTheDocument();
  });
});
