// pdfkit 0.20 ships no type declarations; this covers the calls the 比价单 export makes.
declare module 'pdfkit' {
  type TTextOptions = { width?: number; height?: number; align?: 'left' | 'center' | 'right' | 'justify'; lineGap?: number; ellipsis?: boolean | string; continued?: boolean };
  class PDFDocument {
    constructor(options?: { size?: string | [number, number]; layout?: 'portrait' | 'landscape'; margin?: number; info?: Record<string, string>; bufferPages?: boolean; autoFirstPage?: boolean });
    page: { width: number; height: number; margins: { top: number; bottom: number; left: number; right: number } };
    x: number;
    y: number;
    registerFont(name: string, src: string, family?: string): this;
    font(name: string): this;
    fontSize(size: number): this;
    text(text: string, x?: number, y?: number, options?: TTextOptions): this;
    text(text: string, options?: TTextOptions): this;
    heightOfString(text: string, options?: TTextOptions): number;
    widthOfString(text: string, options?: TTextOptions): number;
    moveDown(lines?: number): this;
    rect(x: number, y: number, w: number, h: number): this;
    fill(color?: string): this;
    stroke(color?: string): this;
    fillColor(color: string): this;
    strokeColor(color: string): this;
    lineWidth(width: number): this;
    fillAndStroke(fill?: string, stroke?: string): this;
    addPage(options?: { size?: string; layout?: 'portrait' | 'landscape'; margin?: number }): this;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    bufferedPageRange(): { start: number; count: number };
    switchToPage(n: number): this;
    on(event: 'data', listener: (chunk: Buffer) => void): this;
    on(event: 'end' | 'error', listener: (err?: Error) => void): this;
    end(): void;
  }
  export default PDFDocument;
}
