// 批量导入 in 商品管理: download the template, choose a filled file, see the dry run's problems by
// row and column, confirm, and watch the import's progress until it is done.
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { message } from '@/components/ui/toast';
import { GOODS_EXCEL_MAX_BYTES, GOODS_EXCEL_MAX_ROWS, GOODS_EXCEL_TOO_LARGE, type TGoodsImportCheck } from '@contracts/goods-excel';
import { checkGoodsFile, downloadGoodsTemplate, goodsImportJobQuery, importGoodsFile } from '../api/goods-excel';
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
    if (!file) return;
    setStep({ kind: 'starting', check: checked });
    const res = await importGoodsFile(file).catch(() => ({ code: 0, msg: '网络异常，请稍后再试', data: undefined }));
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
    <Modal open={open} onClose={close} title="批量导入商品" width={720} testId="goods-import-dialog">
      {(step.kind === 'pick' || step.kind === 'checking') && (
        <div className="gx-body">
          <ol className="gx-steps">
            <li>
              下载模板，按“填写说明”表逐行填写商品（每次最多{GOODS_EXCEL_MAX_ROWS}行，文件不超过10MB）。
              <button type="button" className="link-button" onClick={() => void download()} data-testid="goods-template">
                下载导入模板
              </button>
            </li>
            <li>商品以“货号”识别：再次导入相同货号会更新该商品，不会重复创建。</li>
            <li>导入不处理图片，导入后请在商品编辑页上传商品图片。</li>
          </ol>
          <label className="gx-file">
            <input ref={input} type="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onChange={(e) => choose(e.target.files?.[0] ?? null)} data-testid="goods-import-file" />
            <span className="btn">选择 Excel 文件</span>
            <span className="gx-file-name">{file ? file.name : '未选择文件'}</span>
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
            {file?.name}：共 {step.check.rows} 行，将新增 <strong>{step.check.creates}</strong> 件、更新 <strong>{step.check.updates}</strong> 件商品。
          </p>
          {step.check.problemCount > 0 ? (
            <>
              <p className="gx-error" role="alert">
                发现 {step.check.problemCount} 处问题{step.check.problemCount > step.check.problems.length ? `（显示前 ${step.check.problems.length} 处）` : ''}，未导入任何商品。请在 Excel 中修正后重新选择文件。
              </p>
              <div className="gx-problems">
                <table className="bo-table bo-table-compact">
                  <thead>
                    <tr>
                      <th>行</th>
                      <th>列</th>
                      <th>问题</th>
                    </tr>
                  </thead>
                  <tbody>
                    {step.check.problems.map((p, i) => (
                      <tr key={i} data-testid="goods-import-problem">
                        <td>第 {p.row} 行</td>
                        <td>{p.column}</td>
                        <td>{p.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : (
            <p className="gx-ok">检查通过，没有发现问题。确认后开始导入。</p>
          )}
          <div className="modal-actions">
            <button type="button" className="btn" onClick={reset}>
              重新选择文件
            </button>
            {step.check.problemCount === 0 && (
              <button type="button" className="btn btn-primary" disabled={step.kind === 'starting'} onClick={() => void start(step.check)} data-testid="goods-import-confirm">
                {step.kind === 'starting' ? '正在提交…' : `确认导入 ${step.check.rows} 件商品`}
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
                <p className="gx-summary">{!j ? '正在开始导入…' : j.state === 'running' ? `正在导入：${j.processed} / ${j.rows}` : j.state === 'done' ? '导入完成' : (j.message ?? '导入失败')}</p>
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
