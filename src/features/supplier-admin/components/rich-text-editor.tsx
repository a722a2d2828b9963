// A small rich-text editor (contentEditable + a toolbar) for descriptions and articles. It keeps
// only simple formatting; the server sanitises again on write, this only keeps the editor safe.
import { useEffect, useRef, useState } from 'react';
import { message } from '@/components/ui/toast';
import { Tooltip } from '@/components/ui/tooltip';
import { uploadImage } from '../api/store';

const ALLOWED = new Set(['P', 'BR', 'H2', 'H3', 'H4', 'B', 'STRONG', 'I', 'EM', 'U', 'S', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'A', 'IMG', 'TABLE', 'THEAD', 'TBODY', 'TR', 'TH', 'TD', 'SPAN', 'DIV', 'HR', 'SUB', 'SUP']);
const DROP = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'LINK', 'META', 'svg', 'SVG', 'MATH', 'TEMPLATE', 'FORM', 'INPUT', 'BUTTON']);
const ATTRS: Record<string, string[]> = { A: ['href', 'title'], IMG: ['src', 'alt', 'width', 'height'], TD: ['colspan', 'rowspan'], TH: ['colspan', 'rowspan'] };
const SAFE_URL = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i;

/** Cleans HTML in an inert document (nothing runs while parsing) before it enters the editor. */
export function cleanHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const walk = (node: Element) => {
    for (const child of Array.from(node.children)) {
      if (DROP.has(child.tagName)) {
        child.remove();
        continue;
      }
      walk(child);
      if (!ALLOWED.has(child.tagName)) {
        child.replaceWith(...Array.from(child.childNodes));
        continue;
      }
      const keep = ATTRS[child.tagName] ?? [];
      for (const attr of Array.from(child.attributes)) {
        if (!keep.includes(attr.name)) child.removeAttribute(attr.name);
        else if ((attr.name === 'href' || attr.name === 'src') && !SAFE_URL.test(attr.value.trim())) child.removeAttribute(attr.name);
      }
    }
  };
  walk(doc.body);
  return doc.body.innerHTML;
}

type TTool = { label: string; title: string; run: () => void; testId?: string };

export function RichTextEditor({
  value,
  onChange,
  placeholder,
  minHeight = 260,
  invalid,
  testId,
  label,
}: {
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  minHeight?: number;
  invalid?: boolean;
  testId?: string;
  /** The editor's accessible name (screen readers); its placeholder when not given. */
  label?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const lastEmitted = useRef<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState(false);
  const [uploading, setUploading] = useState(false);

  // Only values that come from outside (a loaded record) replace the editor's content.
  useEffect(() => {
    if (source || !box.current || value === lastEmitted.current) return;
    box.current.innerHTML = cleanHtml(value);
    lastEmitted.current = value;
  }, [value, source]);

  const emit = () => {
    const html = box.current?.innerHTML ?? '';
    const normalised = html === '<br>' ? '' : html;
    lastEmitted.current = normalised;
    onChange(normalised);
  };
  const exec = (command: string, arg?: string) => {
    box.current?.focus();
    document.execCommand(command, false, arg);
    emit();
  };

  const onImage = async (file: File | undefined) => {
    if (!file) return;
    if (!/^image\/(jpeg|png|webp|gif)$/.test(file.type)) return void message.error('请选择 JPG、PNG、WebP 或 GIF 图片');
    if (file.size > 5 * 1024 * 1024) return void message.error('图片不能超过5MB');
    setUploading(true);
    try {
      const res = await uploadImage(file, 'content');
      if (res.code !== 200 || !res.data) return void message.error(res.msg);
      exec('insertHTML', `<img src="${res.data.url}" alt="">`);
    } catch {
      message.error('上传失败，请稍后再试');
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const tools: TTool[] = [
    { label: '标题', title: '小标题', run: () => exec('formatBlock', '<h3>') },
    { label: '正文', title: '正文段落', run: () => exec('formatBlock', '<p>') },
    { label: 'B', title: '加粗', run: () => exec('bold'), testId: 'rte-bold' },
    { label: 'I', title: '斜体', run: () => exec('italic') },
    { label: 'U', title: '下划线', run: () => exec('underline') },
    { label: '• 列表', title: '无序列表', run: () => exec('insertUnorderedList') },
    { label: '1. 编号', title: '有序列表', run: () => exec('insertOrderedList') },
    { label: '引用', title: '引用', run: () => exec('formatBlock', '<blockquote>') },
    {
      label: '链接',
      title: '插入链接',
      run: () => {
        const url = window.prompt('链接地址（以 http:// 或 https:// 开头）', 'https://');
        if (!url) return;
        if (!/^https?:\/\/\S+$/i.test(url.trim())) return void message.error('链接须以 http:// 或 https:// 开头');
        exec('createLink', url.trim());
      },
    },
    { label: '图片', title: '插入图片', run: () => fileInput.current?.click() },
    { label: '清除格式', title: '清除格式', run: () => exec('removeFormat') },
  ];

  /** A button's name holds its visible text (WCAG 2.5.3 label in name): 「1. 编号」 is 「1. 编号 有序列表」, 「标题」 is 「小标题」. */
  const nameOf = (t: TTool) => (t.title.includes(t.label.replace(/[^\p{L}\p{N}]+/gu, '')) ? t.title : `${t.label} ${t.title}`);

  return (
    <div className={`bo-rte${invalid ? ' bo-invalid' : ''}`} data-testid={testId}>
      <div className="bo-rte-toolbar" role="toolbar" aria-label="格式">
        {tools.map((t) => (
          <Tooltip key={t.title} content={t.title} placement="bottom">
            <button
              type="button"
              aria-label={nameOf(t)}
              data-testid={t.testId}
              disabled={source || (t.title === '插入图片' && uploading)}
              // Keeps the text selection in the editor while clicking the toolbar.
              onMouseDown={(e) => e.preventDefault()}
              onClick={t.run}
            >
              {t.label}
            </button>
          </Tooltip>
        ))}
        <span className="bo-rte-spacer" />
        {uploading && <span className="bo-rte-status">图片上传中…</span>}
        <button
          type="button"
          className={source ? 'active' : undefined}
          title="编辑 HTML 源码"
          onClick={() => {
            if (source) lastEmitted.current = null;
            setSource((s) => !s);
          }}
        >
          {source ? '可视化编辑' : '源码'}
        </button>
      </div>
      {source ? (
        <textarea className="bo-rte-source" style={{ minHeight }} value={value} onChange={(e) => onChange(e.target.value)} aria-label="HTML 源码" />
      ) : (
        <div
          ref={box}
          className="bo-rte-body rich-text"
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-label={label ?? placeholder}
          aria-invalid={invalid || undefined}
          data-placeholder={placeholder}
          style={{ minHeight }}
          onInput={emit}
          onBlur={emit}
          onPaste={(e) => {
            // Pasted office documents carry styles and scripts: keep their text and line breaks only.
            e.preventDefault();
            const text = e.clipboardData.getData('text/plain');
            document.execCommand('insertText', false, text);
          }}
        />
      )}
      <input ref={fileInput} type="file" accept="image/jpeg,image/png,image/webp,image/gif" hidden onChange={(e) => void onImage(e.target.files?.[0])} />
    </div>
  );
}
