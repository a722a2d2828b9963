// The worker thread readGoodsRows starts for uploaded goods files: ExcelJS's long in-memory parse
// runs here, off the server's event loop and under the heap cap the server sets. A file comes as
// one message; its plain rows go back a page at a time, the next when the server asks for it (or
// the Chinese message of a refusal goes back at once).
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../errors.js';
import { GOODS_READ_NEXT, GOODS_READ_PAGE, parseGoodsRows, type TGoodsRead, type TGoodsReadAnswer } from './goods-excel.workbook.js';

const port = parentPort!;
let read: TGoodsRead | null = null;
let sent = 0;

function nextPage() {
  if (!read) return;
  const rows = read.rows.slice(sent, sent + GOODS_READ_PAGE);
  sent += rows.length;
  const more = sent < read.rows.length;
  port.postMessage({ ok: true, more, rows, columns: read.columns } satisfies TGoodsReadAnswer);
  if (!more) read = null;
}

port.on('message', async (message: Uint8Array | typeof GOODS_READ_NEXT) => {
  if (message === GOODS_READ_NEXT) return nextPage();
  try {
    read = await parseGoodsRows(Buffer.from(message.buffer, message.byteOffset, message.byteLength));
    sent = 0;
    nextPage();
  } catch (err) {
    read = null;
    // A refusal keeps its status and message; anything else is a failed read, told by the server.
    const answer: TGoodsReadAnswer = err instanceof AppError ? { ok: false, kind: err.kind, message: err.message } : { ok: false, kind: 'INTERNAL', message: String((err as Error)?.stack ?? err) };
    port.postMessage(answer);
  }
});
