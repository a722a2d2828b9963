// 批量导入 in 商品管理: download the template, choose a filled file, see the dry run row by row
// (新增, 更新 with each field old → new, 无变化, 错误 by column), confirm that plan, and watch the
// import's progress until it is done.
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { message } from '@/components/ui/toast';
import { GOODS_EXCEL_MAX_BYTES, GOODS_EXCEL_MAX_ROWS, GOODS_EXCEL_TOO_LARGE, type TGoodsImportCheck } from '@contracts/goods-excel';
import { checkGoodsFile, downloadGoodsTemplate, goodsImportJobQuery, importGoodsFile } from '../api/goods-excel';
import { GoodsImportPreview } from './goods-import-preview';
import '@/styles/goods-excel.css';

type TStep = { kind: 'pick' } | { kind: 'checking' } | { kind: 'checked'; check: TGoodsImportCheck } | { kind: 'starting'; check: TGoodsImportCheck } | { kind: 'importing'; jobId: string };

export function GoodsImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<TStep>({ kind: 'pick' });
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const job = useQuery({ ...goodsImportJobQuery(step.kind === 'importing' ? step.jobId : ''), enabled: step.kind === 'importing' });
  const finished = job.data && job.data.state !== 'running';

  const reset = () => {
    setFile(null);
    setStep({ kind: 'pick' });
    setError(null);
    if (input.current) input.current.value = '';
  };
  const close = () => {
    if (step.kind === 'importing' && !finished) return; // the import goes on; the dialog shows its progress until the end
    if (step.kind === 'importing') onImported();
    reset();
    onClose();
  };
  const choose = (f: File | null) => {
    setError(null);
    setStep({ kind: 'pick' });
    if (f && f.size > GOODS_EXCEL_MAX_BYTES) {
      setFile(null);
      setError(GOODS_EXCEL_TOO_LARGE);
      return;
    }
    setFile(f);
  };
  const check = async () => {
    if (!file) return;
    setStep({ kind: 'checking' });
    const res = await checkGoodsFile(file).catch(() => ({ code: 0, msg: '网络异常，请稍后再试', data: undefined }));
    if (res.code !== 200 || !res.data) {
      setStep({ kind: 'pick' });
      setError(res.msg || '检查失败');
      return;
    }
    setStep({ kind: 'checked', check: res.data });
  };
  const start = async (checked: TGoodsImportCheck) => {
    if (!file || !checked.planId) return;
    setStep({ kind: 'starting', check: checked });
    const res = await importGoodsFile(file, checked.planId).catch(() => ({ code: 0, msg: '网络异常，请稍后再试', data: undefined }));
    if (res.code !== 200 || !res.data) {
      setStep({ kind: 'checked', check: checked });
      message.error(res.msg || '导入失败');
      return;
    }
    setStep({ kind: 'importing', jobId: res.data.jobId });
  };
  const download = async () => {
    const err = await downloadGoodsTemplate().catch(() => '下载失败');
    if (err) message.error(err);
  };

  return (
    <Modal open={open} onClose={close} title="批量导入商品" width={step.kind === 'checked' || step.kind === 'starting' ? 880 : 720} testId="goods-import-dialog">
      {(step.kind === 'pick' || step.kind === 'checking') && (
        <div className="gx-body">
          <ol className="gx-steps">
            <li>
              下载模板，按“填写说明”表逐行填写商品（每次最多{GOODS_EXCEL_MAX_ROWS}行，文件不超过10MB）。
              <button type="button" className="link-button" onClick={() => void download()} data-testid="goods-template">
                下载导入模板
              </button>
            </li>
            <li>商品以“商品ID”（导出的文件自带）或“货号”识别：再次导入会更新该商品，不会重复创建；货号不区分大小写和全角/半角。</li>
            <li>文件中没有的列不会修改；上传后先逐行显示将新增、更新（改动的字段）的商品，确认后才导入。</li>
            <li>导入不处理图片，导入后请在商品编辑页上传商品图片。</li>
          </ol>
          <label className="gx-file">
            <input ref={input} type="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onChange={(e) => choose(e.target.files?.[0] ?? null)} data-testid="goods-import-file" />
            <span className="btn">选择 Excel 文件</span>
            <span className="gx-file-name" title={file?.name}>
              {file ? file.name : '未选择文件'}
            </span>
          </label>
          {error && (
            <p className="gx-error" role="alert" data-testid="goods-import-error">
              {error}
            </p>
          )}
          <div className="modal-actions">
            <button type="button" className="btn" onClick={close}>
              取消
            </button>
            <button type="button" className="btn btn-primary" disabled={!file || step.kind === 'checking'} onClick={() => void check()} data-testid="goods-import-check">
              {step.kind === 'checking' ? '正在检查…' : '检查文件'}
            </button>
          </div>
        </div>
      )}

      {(step.kind === 'checked' || step.kind === 'starting') && (
        <div className="gx-body" data-testid="goods-import-result">
          <p className="gx-summary">
            {file?.name}：共 {step.check.rows} 行，将新增 <strong>{step.check.creates}</strong> 件、更新 <strong>{step.check.updates}</strong> 件，无变化 {step.check.unchanged} 件
            {step.check.errorRows > 0 && <>，错误 {step.check.errorRows} 行</>}。
          </p>
          <div className="gx-notes" data-testid="goods-import-columns">
            <p>文件中的列：{step.check.columns.join('、')}。</p>
            {step.check.missingColumns.length > 0 && <p>文件中没有的列（{step.check.missingColumns.join('、')}）保持不变。</p>}
          </div>
          {step.check.duplicateSkus.length > 0 && (
            <div className="gx-warn" role="note" data-testid="goods-import-duplicates">
              您有 {step.check.duplicateSkus.length} 组商品的货号只差大小写或全角/半角（
              {step.check.duplicateSkus
                .slice(0, 3)
                .map((g) => g.skus.join(' / '))
                .join('；')}
              {step.check.duplicateSkus.length > 3 ? ' 等' : ''}），按货号导入时无法区分。请在商品编辑页修改其中一件的货号，或用导出的文件（带“商品ID”列）导入。
            </div>
          )}
          {step.check.problemCount > 0 ? (
            <p className="gx-error" role="alert">
              发现 {step.check.problemCount} 处问题{step.check.problemCount > step.check.problems.length ? `（显示前 ${step.check.problems.length} 处）` : ''}，未导入任何商品。请在 Excel 中修正后重新选择文件。
            </p>
          ) : step.check.planId ? (
            <p className="gx-ok">检查通过，没有发现问题。确认后按下表导入；导入前文件不要再改动。</p>
          ) : (
            <p className="gx-ok" data-testid="goods-import-nothing">
              检查通过：文件中的商品都没有变化，无需导入。
            </p>
          )}
          <GoodsImportPreview check={step.check} />
          <div className="modal-actions">
            <button type="button" className="btn" onClick={reset}>
              重新选择文件
            </button>
            {step.check.planId && (
              <button type="button" className="btn btn-primary" disabled={step.kind === 'starting'} onClick={() => void start(step.check)} data-testid="goods-import-confirm">
                {step.kind === 'starting' ? '正在提交…' : `确认导入：新增 ${step.check.creates} 件，更新 ${step.check.updates} 件`}
              </button>
            )}
          </div>
        </div>
      )}

      {step.kind === 'importing' && (
        <div className="gx-body" data-testid="goods-import-progress">
          {(() => {
            const j = job.data;
            const pct = j && j.rows ? Math.round((j.processed / j.rows) * 100) : 0;
            return (
              <>
                <p className="gx-summary">{!j ? '正在开始导入…' : j.state === 'running' ? `正在导入：${j.processed} / ${j.rows}` : j.state === 'done' ? (j.message ?? '导入完成') : (j.message ?? '导入失败')}</p>
                <div className="gx-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label="导入进度">
                  <div className={`gx-bar-fill${j?.state === 'failed' ? ' gx-bar-failed' : ''}`} style={{ width: `${pct}%` }} />
                </div>
                {j?.state === 'done' && (
                  <p className="muted" data-testid="goods-import-done">
                    新增 {j.created} 件，更新 {j.updated} 件。在售商品已可在仪器商城中搜索到；请到商品编辑页为新商品上传图片。
                  </p>
                )}
                {job.error && <p className="gx-error">{job.error.message}</p>}
                <div className="modal-actions">
                  <button type="button" className="btn btn-primary" disabled={!finished} onClick={close} data-testid="goods-import-close">
                    {finished ? '完成' : '导入中…'}
                  </button>
                </div>
              </>
            );
          })()}
        </div>
      )}
    </Modal>
  );
}
