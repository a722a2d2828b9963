// 批量导入 and 导出 buttons of 商品管理 (the export takes the list's current filters).
import { useState } from 'react';
import { message } from '@/components/ui/toast';
import type { TGoodsExportQuery } from '@contracts/goods-excel';
import { exportGoods } from '../api/goods-excel';
import { GoodsImportDialog } from './goods-import-dialog';

export function GoodsExcelActions({ exportQuery, onImported }: { exportQuery: TGoodsExportQuery; onImported: () => void }) {
  const [open, setOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const runExport = async () => {
    setExporting(true);
    const err = await exportGoods(exportQuery).catch(() => '导出失败');
    setExporting(false);
    if (err) message.error(err);
  };
  return (
    <>
      <button type="button" className="btn" onClick={() => setOpen(true)} data-testid="goods-import">
        批量导入
      </button>
      <button type="button" className="btn" disabled={exporting} onClick={() => void runExport()} data-testid="goods-export" title="按当前筛选导出，可修改后再导入">
        {exporting ? '正在导出…' : '导出'}
      </button>
      <GoodsImportDialog open={open} onClose={() => setOpen(false)} onImported={onImported} />
    </>
  );
}
